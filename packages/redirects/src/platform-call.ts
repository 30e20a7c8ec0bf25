import { readResponse, toPlatformError, type HttpClientOptions } from '@site-identity/http';

/** The time-out of a redirect-session call: 10 seconds, as every platform call. */
const CALL_TIMEOUT_MS = 10_000;

/** A parsed 2xx answer and the request id the platform gave it. */
export interface PlatformAnswer {
  readonly data: unknown;
  readonly requestId: string | undefined;
}

/**
 * POSTs `body` as JSON to `url` with the raw access token in `Authorization` (no
 * `Bearer`), and resolves with the parsed answer and its request id. Rejects only
 * with a `PlatformError`, read by `@site-identity/http` exactly as its client reads
 * answers: `network`, `timeout` (after 10 s), the platform's error, or
 * `INVALID_RESPONSE` for a 2xx that is not JSON. Not retried: a caller may try again
 * when the error is `retryable`.
 */
export async function postJson(
  url: string,
  body: unknown,
  authorization: () => Promise<string>,
  fetchImpl: HttpClientOptions['fetch'],
): Promise<PlatformAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The call timed out', 'TimeoutError')),
    CALL_TIMEOUT_MS,
  );
  try {
    const headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      authorization: await authorization(),
    };
    const response = await (fetchImpl ?? fetch)(
      new Request(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
      }),
    );
    const { data, requestId } = await readResponse(response);
    return { data, requestId };
  } catch (error) {
    throw toPlatformError(controller.signal.aborted ? controller.signal.reason : error);
  } finally {
    clearTimeout(timer);
  }
}
