import { invalidOptions, isPlatformError, PlatformError } from './platform-error';
import { isSiteIdentityError } from './site-identity-error';
import type { AuthorizationSource } from './http-types';

/** The error of headers that `Headers` refuses (a line break in a value, an unsafe name). */
export const invalidHeaders = (cause: unknown) =>
  invalidOptions('headers must be valid HTTP headers (no line break in a value)', cause);

/** `accept: application/json`, then `base`, then the JSON content type when there is a body. */
export function jsonHeaders(base: HeadersInit | undefined, hasBody: boolean): Headers {
  try {
    const headers = new Headers(base);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (hasBody) headers.set('content-type', 'application/json');
    return headers;
  } catch (cause) {
    throw invalidHeaders(cause);
  }
}

/**
 * The JSON text of `body`, `undefined` for none; a `PlatformError` `INVALID_REQUEST_BODY`
 * when it has no JSON form (a bigint, a cycle, a function): the body check of `send`,
 * `createHttpClient` and every `exchange` whose body holds an app's input. Internal: on
 * the subpath `@site-identity/http/internal`, not public API.
 *
 * @example
 * ```ts
 * import { serialise } from '@site-identity/http/internal';
 *
 * serialise({ loginId: { email: 'ada@example.com' } }); // '{"loginId":{"email":"ada@example.com"}}'
 * ```
 */
export function serialise(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  let cause: unknown;
  try {
    const json: unknown = JSON.stringify(body);
    if (typeof json === 'string') return json;
  } catch (error) {
    cause = error;
  }
  throw new PlatformError(
    `The body must be serialisable as JSON; ${cause ? `JSON.stringify threw a ${(cause as Error).name}` : `got a ${typeof body}`}`,
    { kind: 'system', code: 'INVALID_REQUEST_BODY', cause },
  );
}

/**
 * Sets `Authorization` from `getAuthorization`, unless the request has one: the
 * authorization step of `send`, `createHttpClient` and `exchange`. A failure of
 * `getAuthorization`, or a value that is not a header-safe string, is
 * `AUTHORIZATION_FAILED` (nothing is sent). Internal: on the subpath
 * `@site-identity/http/internal`, not public API.
 *
 * @example
 * ```ts
 * import { authorize } from '@site-identity/http/internal';
 *
 * const headers = new Headers();
 * await authorize(headers, () => 'raw-access-token');
 * ```
 */
export async function authorize(
  headers: Headers,
  getAuthorization: AuthorizationSource | undefined,
): Promise<void> {
  if (!getAuthorization || headers.has('authorization')) return;
  let value: unknown;
  try {
    value = await getAuthorization();
    if (value === undefined || value === '') return;
    // Headers refuses a line break or NUL inside the value (a TypeError, caught below).
    if (typeof value === 'string') return headers.set('authorization', value);
  } catch (cause) {
    // The library's own errors never hold a token: their message says why (the token
    // endpoint's host and the network's reason), and their request detail comes up.
    throw new PlatformError(
      typeof value === 'string'
        ? 'getAuthorization must return a header-safe string; got one with a line break or NUL; nothing was sent'
        : `getAuthorization failed; nothing was sent${isSiteIdentityError(cause) ? `: ${cause.message}` : ''}`,
      {
        kind: 'system',
        code: 'AUTHORIZATION_FAILED',
        cause,
        detail: isPlatformError(cause) ? cause.detail : undefined,
      },
    );
  }
  throw new PlatformError(
    `getAuthorization must return a string or undefined; got ${value === null ? 'null' : typeof value}; nothing was sent`,
    { kind: 'system', code: 'AUTHORIZATION_FAILED' },
  );
}
