import { invalid } from '@site-identity/http/internal';
import { parseCookies } from './cookies';
import { invalidArgument } from './server-identity-error';

/**
 * A copy of `requestHeaders` whose `Cookie` header already carries the cookies
 * that `setCookies` (the `headers` of `getSession`) sets or deletes. A proxy or
 * middleware that renewed the session passes it on with the request, so that what
 * renders behind it (a Next.js server component) reads the renewed session
 * instead of renewing again.
 *
 * @example
 * ```ts
 * import { withSessionCookies, type ServerIdentity } from '@site-identity/server';
 * declare const identity: ServerIdentity;
 * declare const renderPage: (request: Request) => Promise<Response>;
 *
 * // In Next.js: NextResponse.next({ request: { headers: forwarded } }) in proxy.ts.
 * export async function proxy(request: Request): Promise<Response> {
 *   const { headers } = await identity.getSession(request);
 *   const forwarded = withSessionCookies(request.headers, headers);
 *   const response = await renderPage(new Request(request, { headers: forwarded }));
 *   for (const cookie of headers.getSetCookie()) response.headers.append('set-cookie', cookie);
 *   return response;
 * }
 * ```
 */
export function withSessionCookies(requestHeaders: Headers, setCookies: Headers): Headers {
  if (!(requestHeaders instanceof Headers))
    throw invalid(
      { name: 'requestHeaders', expected: 'a Headers', value: requestHeaders },
      invalidArgument,
    );
  if (!(setCookies instanceof Headers))
    throw invalid(
      { name: 'setCookies', expected: 'a Headers', value: setCookies },
      invalidArgument,
    );
  const cookies = parseCookies(requestHeaders.get('cookie'));
  for (const line of setCookies.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    if (at < 1) continue;
    const name = pair.slice(0, at).trim();
    if (/;\s*Max-Age=0\b/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair.slice(at + 1));
  }
  const headers = new Headers(requestHeaders);
  const header = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  if (header) headers.set('cookie', header);
  else headers.delete('cookie');
  return headers;
}
