import { isLoopbackHost } from './options';

/** Request headers a cross-origin caller may send. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type'];

/**
 * CORS headers for a request from `origin`: the origin is reflected when it is a
 * loopback origin (a local app), or any origin with `anyOrigin` (in-process answers
 * through MSW, which no other site can reach), with `x-wix-request-id` exposed; other
 * origins get none. A preflight (`preflight: true`) also gets the allowed methods and
 * headers; with `anyOrigin`, a preflight without an `Origin` (some DOM emulations drop
 * it) is allowed for `*`.
 *
 * @example
 * ```ts
 * corsHeaders('http://localhost:5173', { preflight: false });
 * // { 'access-control-allow-origin': 'http://localhost:5173', … }
 * ```
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */
export function corsHeaders(
  origin: string | undefined,
  {
    preflight,
    requestHeaders,
    anyOrigin = false,
  }: { preflight: boolean; requestHeaders?: string | undefined; anyOrigin?: boolean },
): Record<string, string> {
  if (origin === undefined)
    return anyOrigin && preflight ? preflightHeaders('*', requestHeaders) : {};
  let hostname: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return {};
    hostname = url.hostname;
  } catch {
    return {};
  }
  if (!anyOrigin && !isLoopbackHost(hostname)) return {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'x-wix-request-id, retry-after',
    vary: 'Origin',
  };
  return preflight ? { ...headers, ...preflightHeaders(origin, requestHeaders) } : headers;
}

/** What a preflight answer adds: the methods and headers allowed, for a while. */
function preflightHeaders(
  origin: string,
  requestHeaders: string | undefined,
): Record<string, string> {
  const requested = (requestHeaders ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '),
    'access-control-max-age': '600',
  };
}
