import { readAnswer } from './error-from-response';
import { exchange } from './exchange';
import { DEFAULT_TIMEOUT_MS } from './http-client';
import type { FetchLike, HttpResponse } from './http-types';
import { serialise } from './request-parts';

/** A call of {@link postJson}. @internal */
export interface PostJsonRequest {
  readonly url: string;
  readonly body: unknown;
  /** The `Authorization` value, as it is. */
  readonly authorization: string;
  /** Default `globalThis.fetch`, looked up per request. */
  readonly fetch?: FetchLike | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The library's own call of a platform API (the redirect session, the member client):
 * POSTs `body` as JSON to `url` with `authorization` in `Authorization` as it is (the
 * raw access token, no `Bearer`; external login's `<accessToken>,<apiKey>`), through
 * `exchange` with `readAnswer` and `serialise`, and the 10 s time-out of every platform
 * call. Resolves with the parsed answer and its request id; rejects only with a
 * `PlatformError`: `network`, `timeout`, `aborted`, the platform's error,
 * `INVALID_REQUEST_BODY`, or `INVALID_RESPONSE` for a 2xx that is not JSON. Never
 * retried: a caller may try again when the error is `retryable`. Internal: on the
 * subpath `@site-identity/http/internal`, not public API.
 *
 * @example
 * ```ts
 * import { postJson } from '@site-identity/http/internal';
 * declare const accessToken: string;
 *
 * const { data, requestId } = await postJson({
 *   url: 'https://www.wixapis.com/_api/redirects-api/v1/redirect-session',
 *   body: { login: {} },
 *   authorization: accessToken,
 * });
 * ```
 */
export const postJson = ({
  url,
  body,
  authorization,
  fetch,
  signal,
}: PostJsonRequest): Promise<HttpResponse> =>
  exchange(
    { method: 'POST', url, body, headers: { authorization }, signal },
    { fetch, timeoutMs: DEFAULT_TIMEOUT_MS },
    { read: readAnswer, serialise },
  );
