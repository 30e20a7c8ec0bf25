import { CALLBACK_FIELDS, type UrlResponseMode } from './parse-callback';
import { sameOriginTarget } from '@site-identity/http/internal';

/**
 * `uri` as a path on `origin` (path, query and fragment, normalised), else
 * `undefined`: a login never ends on another site (no open redirect). Kept are a
 * site path (`/account?tab=1`) and an absolute http(s) URL on `origin`; refused are
 * `//evil.example`, `/\evil.example`, control characters (`/\t/evil.example`),
 * paths that normalise to `//` (`/.//evil.example`), relative paths without a
 * leading `/` and `javascript:` URLs: http's `sameOriginTarget`, the one rule of
 * every redirect target, server and browser.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.11
 */
export const sameOriginUri = (uri: unknown, origin: string): string | undefined =>
  sameOriginTarget(uri, origin);

/** Whether `params` has a callback field (`code`, `state`, `error` or `error_description`), empty or not. */
const carriesAnswer = (params: URLSearchParams): boolean =>
  CALLBACK_FIELDS.some((field) => params.has(field));

/**
 * `href` (a URL or its text) without the callback fields (`code`, `state`, `error`,
 * `error_description`) in the part `responseMode` names. Every other parameter is
 * kept byte for byte, and so are the path and the other part; an emptied part
 * disappears with its `#` or `?`.
 */
export function stripCallbackParams(href: string | URL, responseMode: UrlResponseMode): string {
  const url = new URL(href);
  const part = responseMode === 'query' ? 'search' : 'hash';
  url[part] = url[part]
    .slice(1)
    .split('&')
    // A pair is read as form data (`&` first: a leading `?` is part of its name).
    .filter((pair) => pair && !carriesAnswer(new URLSearchParams(`&${pair}`)))
    .join('&');
  return url.href;
}

/** Which part of `url` carries an answer from the hosted page: the fragment unless only the query does. */
export function responseModeOf(url: URL): UrlResponseMode {
  return !carriesAnswer(new URLSearchParams(url.hash.slice(1))) && carriesAnswer(url.searchParams)
    ? 'query'
    : 'fragment';
}
