/**
 * What `getSession` needs of a request: its headers, and its URL when there is one
 * (a `Request` is one; in a Next.js server component, `{ headers: await headers() }`).
 *
 * @example
 * ```ts
 * import type { RequestLike } from '@site-identity/server';
 * declare const incoming: Headers; // in Next.js: `await headers()` from 'next/headers'
 *
 * const request: RequestLike = { headers: incoming };
 * ```
 */
export interface RequestLike {
  readonly headers: Headers;
  /** The absolute URL; without it the origin comes from `x-forwarded-proto` and `host`. */
  readonly url?: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The request's origin: from its URL, else `x-forwarded-proto` (default https) and `host`. @internal */
export function originOf(request: RequestLike): URL {
  try {
    return new URL(new URL(request.url!).origin);
  } catch {
    const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || 'https';
    return new URL(`${proto}://${request.headers.get('host') || 'localhost'}`);
  }
}

/** Cookies are `Secure` everywhere but on plain http to the local machine. @internal */
export const isSecure = (origin: URL): boolean =>
  origin.protocol !== 'http:' || !LOOPBACK.has(origin.hostname);

/**
 * `value` as a path on `origin` (path, query and fragment), when it is a relative
 * path or an absolute URL of that origin; `undefined` for anything else, protocol-relative
 * `//host` and backslash tricks included: never an open redirect. @internal
 */
export function sameOriginPath(value: unknown, origin: URL): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (typeof value !== 'string' || !value || /[\\\0-\x1f]/.test(value)) return undefined;
  if (value.startsWith('//') || !(value.startsWith('/') || /^https?:\/\//i.test(value)))
    return undefined;
  try {
    const url = new URL(value, origin);
    return url.origin === origin.origin ? url.pathname + url.search + url.hash : undefined;
  } catch {
    return undefined;
  }
}
