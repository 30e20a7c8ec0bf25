import { isLoopbackHost } from './options';

/** Request headers a cross-origin caller may send. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type'];

/**
 * CORS headers for a request from `origin`: the origin is reflected when it is a
 * loopback origin (a local app), with `x-wix-request-id` exposed; other origins get none.
 * A preflight (`preflight: true`) also gets the allowed methods and headers.
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
  { preflight, requestHeaders }: { preflight: boolean; requestHeaders?: string },
): Record<string, string> {
  if (origin === undefined) return {};
  let hostname: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return {};
    hostname = url.hostname;
  } catch {
    return {};
  }
  if (!isLoopbackHost(hostname)) return {};
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'x-wix-request-id, retry-after',
    vary: 'Origin',
  };
  if (preflight) {
    const requested = (requestHeaders ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    headers['access-control-allow-methods'] = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
    headers['access-control-allow-headers'] = [...new Set([...ALLOWED_HEADERS, ...requested])].join(
      ', ',
    );
    headers['access-control-max-age'] = '600';
  }
  return headers;
}
