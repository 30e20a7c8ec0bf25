import { PlatformError, REQUEST_ID_HEADER, toPlatformError, type HttpClientOptions } from '@site-identity/http';

/** The time-out of a redirect-session call: 10 seconds, as every platform call. */
const CALL_TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;
const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The `PlatformError` for a non-2xx answer, following the platform's error body:
 * `details.validationError` → `INVALID_ARGUMENT` with the fields sorted;
 * `details.applicationError` (or any 4xx) → its code and description; anything
 * else → 'System error occurred, request-id: …'.
 */
function errorOf(response: Response, body: unknown): PlatformError {
  const { status } = response;
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const details = record(record(body)['details']);
  const common = { status, requestId, retryable: status === 429 || status >= 500, response };
  const violations = record(details['validationError'])['fieldViolations'];
  if (Array.isArray(violations)) {
    const fieldViolations = violations
      .map((violation) => ({ field: text(record(violation)['field']) ?? '', description: text(record(violation)['description']) ?? '' }))
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    const summary = fieldViolations.map(({ field, description }) => `"${field}" ${description}`).join(', ');
    return new PlatformError(`INVALID_ARGUMENT: ${summary}`, { ...common, kind: 'validation', code: 'INVALID_ARGUMENT', fieldViolations });
  }
  const application = record(details['applicationError']);
  const statusText = response.statusText || `HTTP ${status}`;
  if (details['applicationError'] || (status >= 400 && status < 500)) {
    const description = text(application['description']) ?? statusText;
    const code = text(application['code']) ?? statusText.toUpperCase().replace(/\W+/g, '_');
    return new PlatformError(description, { ...common, kind: 'application', code, description, data: record(application['data']) });
  }
  return new PlatformError(`System error occurred, request-id: ${requestId ?? 'unknown'}`, {
    ...common,
    kind: 'http',
    code: statusText.toUpperCase().replace(/\W+/g, '_'),
    description: statusText,
  });
}

/** A parsed 2xx answer and the request id the platform gave it. */
export interface PlatformAnswer {
  readonly data: unknown;
  readonly requestId: string | undefined;
}

/**
 * POSTs `body` as JSON to `url` with the raw access token in `Authorization` (no
 * `Bearer`), and resolves with the parsed answer and its request id. Rejects only with a
 * `PlatformError`: `network`, `timeout` (after 10 s), or the platform's error.
 * Not retried: a caller may try again when the error is `retryable`.
 */
export async function postJson(
  url: string,
  body: unknown,
  authorization: () => Promise<string>,
  fetchImpl: HttpClientOptions['fetch'],
): Promise<PlatformAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The call timed out', 'TimeoutError')), CALL_TIMEOUT_MS);
  let response: Response;
  let answer: string;
  try {
    const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: await authorization() };
    response = await (fetchImpl ?? fetch)(new Request(url, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal }));
    answer = await response.text();
  } catch (error) {
    throw toPlatformError(controller.signal.aborted ? controller.signal.reason : error);
  } finally {
    clearTimeout(timer);
  }
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    json = undefined;
  }
  if (!response.ok) throw errorOf(response, json);
  const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (json === undefined) {
    // A 2xx that is empty, cut off or not JSON: the platform's answer is unusable, and says which request it was.
    throw new PlatformError(`The platform answered with a body that is not JSON, request-id: ${requestId ?? 'unknown'}`, {
      kind: 'system',
      code: 'INVALID_RESPONSE',
      status: response.status,
      requestId,
      retryable: false,
      response,
    });
  }
  return { data: json, requestId };
}
