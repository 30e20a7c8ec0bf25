import { sameOriginTarget } from '@site-identity/http/internal';

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
 * The longest `returnTo` or `failureTo` kept: both travel in the login flow's cookie,
 * which must stay under the 4096 bytes a browser keeps of one cookie once sealed. @internal
 */
export const MAX_RETURN_TO_LENGTH = 1024;

/**
 * `value` as a path on `origin` (path, query and fragment, normalised), when it is a
 * site path or an absolute URL of that origin of at most {@link MAX_RETURN_TO_LENGTH}
 * characters; `undefined` for anything else: the one rule of every redirect target
 * (`sameOriginTarget` of http), never an open redirect. @internal
 */
export const sameOriginPath = (value: unknown, origin: URL): string | undefined =>
  sameOriginTarget(value, origin, { maxLength: MAX_RETURN_TO_LENGTH });
