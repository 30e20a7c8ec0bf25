/**
 * The HTTP methods a client sends. GET, PUT and DELETE are idempotent and retried
 * by default; POST and PATCH only when a call is marked `{ retry: true }`.
 *
 * @example
 * ```ts
 * import type { HttpMethod } from '@site-identity/http';
 *
 * const method: HttpMethod = 'POST';
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The `fetch` seam of every package: called with a `Request`. Defaults to
 * `globalThis.fetch`, looked up per request (so MSW and other interceptors see
 * every call).
 *
 * @example
 * ```ts
 * import type { FetchLike } from '@site-identity/http';
 *
 * const logged: FetchLike = (request) => (console.log(request.method, request.url), fetch(request));
 * ```
 */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * A successful answer: the parsed body, the status, the request id and the headers.
 *
 * @example
 * ```ts
 * import type { HttpResponse, HttpClient } from '@site-identity/http';
 * declare const client: HttpClient;
 *
 * const response: HttpResponse = await client.request('/v1/thing');
 * console.log(response.status, response.requestId);
 * ```
 */
export interface HttpResponse {
  /** The parsed JSON body, unchecked: validate its shape. `undefined` for 204 and 205. */
  readonly data: unknown;
  /** The HTTP status (2xx). */
  readonly status: number;
  /** The response's `x-wix-request-id`, if any. */
  readonly requestId: string | undefined;
  /** The response headers. */
  readonly headers: Headers;
}

/**
 * Supplies the `Authorization` header, once per call: the raw access token (no
 * `Bearer` prefix), or `undefined` to send none.
 *
 * @example
 * ```ts
 * import type { AuthorizationSource } from '@site-identity/http';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 *
 * const getAuthorization: AuthorizationSource = () => manager.getAccessToken();
 * ```
 */
export type AuthorizationSource = () => string | undefined | Promise<string | undefined>;
