import type { FetchLike } from '@site-identity/http';
import { exchange, readAnswer, serialise } from '@site-identity/http/internal';

/** The time-out of a redirect-session call: 10 seconds, as every platform call. */
const CALL_TIMEOUT_MS = 10_000;

/** A parsed 2xx answer and the request id the platform gave it. */
export interface PlatformAnswer {
  readonly data: unknown;
  readonly requestId: string | undefined;
}

/**
 * POSTs `body` as JSON to `url` with the raw access token `authorization` in
 * `Authorization` (no `Bearer`), and resolves with the parsed answer and its request id. Rejects only
 * with a `PlatformError` (http's `exchange`, the request path of `send`): `network`, `timeout`
 * (after 10 s), `aborted`, the platform's error, or `INVALID_RESPONSE` for a 2xx
 * that is not JSON. Not retried: a caller may try again when the error is `retryable`.
 */
export async function postJson(
  url: string,
  body: unknown,
  authorization: string,
  fetch: FetchLike | undefined,
  signal?: AbortSignal,
): Promise<PlatformAnswer> {
  const answer = await exchange(
    { method: 'POST', url, body, headers: { authorization }, signal },
    { fetch, timeoutMs: CALL_TIMEOUT_MS },
    readAnswer,
    serialise,
  );
  return { data: answer.data, requestId: answer.requestId };
}
