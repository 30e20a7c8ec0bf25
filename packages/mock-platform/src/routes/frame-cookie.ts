import type { RouteContext } from '../context';
import { isLoopbackHost } from '../options';
import { randomToken } from '../random';
import { redirect } from '../responses';
import { readCookie } from './authentication';

/**
 * The cookie the authorize step sets and reads back when `frameCookie` is on.
 *
 * @example
 * ```ts
 * readCookie(request, FRAME_COOKIE);
 * ```
 */
export const FRAME_COOKIE = 'mock_platform_frame';

/** The query parameter of the read-back step: the value the cookie must have. */
const CHECK_PARAM = 'cookieCheck';

/**
 * `SameSite=None; Secure` where browsers take it (https, and loopback hosts, which
 * they count as secure); elsewhere the browser's default (`Lax`), the nearest a plain
 * http page can get.
 */
function cookieAttributes(url: URL): string {
  const secure = url.protocol === 'https:' || isLoopbackHost(url.hostname);
  return `Path=/; HttpOnly${secure ? '; SameSite=None; Secure' : ''}; Max-Age=300`;
}

/**
 * What the `prompt=none` authorize step does under the `frameCookie` setting:
 * `'pass'` when the setting is off or the cookie was read back; a redirect to the
 * read-back step that sets the cookie; or `'missing'` when the read-back step got no
 * cookie (a hidden frame of another site whose browser blocks third-party cookies).
 *
 * @example
 * ```ts
 * const step = frameCookieStep(context);
 * if (step instanceof Response) return step;
 * ```
 */
export function frameCookieStep(context: RouteContext): Response | 'pass' | 'missing' {
  if (context.state.settings.frameCookie === 'off') return 'pass';
  const expected = context.url.searchParams.get(CHECK_PARAM);
  if (expected === null) {
    const nonce = randomToken('mock-fc.');
    const next = new URL(context.url.href);
    next.searchParams.set(CHECK_PARAM, nonce);
    return redirect(next.href, 302, {
      'set-cookie': `${FRAME_COOKIE}=${nonce}; ${cookieAttributes(context.url)}`,
    });
  }
  return readCookie(context.request, FRAME_COOKIE) === expected ? 'pass' : 'missing';
}
