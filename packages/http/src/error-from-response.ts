import type { HttpResponse } from './http-types';
import { attempt, invalid, isRecord, serverText } from './checks';
import { invalidOptions } from './platform-error';
import { PlatformError, type FieldViolation } from './platform-error';
import { constantCase, statusTextOf } from './status-text';

/**
 * The response header that carries the platform's request id.
 *
 * @example
 * ```ts
 * import { REQUEST_ID_HEADER } from '@site-identity/http';
 * declare const response: Response;
 *
 * const requestId = response.headers.get(REQUEST_ID_HEADER);
 * ```
 */
export const REQUEST_ID_HEADER = 'x-wix-request-id';

/** The statuses worth trying again: the request may succeed later as it is. @internal */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 502, 503, 504];

/** A parsed body of unknown shape, read with optional chaining only. */
type Json = { readonly [key: string]: Json } | undefined;

const isJsonRecord = isRecord as (value: unknown) => value is { readonly [key: string]: Json };

/** A request id as a message shows it: the server's, capped and plain, or `unknown`. */
const shownId = (requestId: string | undefined): string =>
  (requestId && serverText(requestId)) || 'unknown';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * Reads one answer: a 2xx resolves with its parsed JSON body (`undefined` for an
 * empty 204 or 205); anything else rejects with the `PlatformError` it describes:
 *
 * - a 2xx whose body cannot be read → kind `network`; one whose body is not JSON →
 *   kind `system`, code `INVALID_RESPONSE`;
 * - `details.validationError` → kind `validation`, code `INVALID_ARGUMENT`, message
 *   `INVALID_ARGUMENT: "a" reason, "b" reason` with the fields sorted;
 * - `details.applicationError` → kind `application` with its code, description and data;
 * - a 4xx without details → kind `application`, code from the status text (`NOT_FOUND`);
 * - anything else → kind `http`, message `System error occurred, request-id: <id>`.
 *
 * An error answer whose body cannot be read, or is not JSON of the expected shape,
 * is judged by its status alone. `where` (`POST /v2/login`) names the request in
 * a network error's message. Exported for callers that read an answer they got
 * some other way and want the platform's errors exactly as the client gives them.
 *
 * @example
 * ```ts
 * import { readResponse } from '@site-identity/http';
 * declare const url: string;
 * declare const body: string;
 *
 * const { data, requestId } = await readResponse(await fetch(url, { method: 'POST', body }));
 * ```
 */
export async function readResponse(response: Response, where?: string): Promise<HttpResponse> {
  if (
    !isRecord(response) ||
    typeof response.text !== 'function' ||
    typeof (response.headers as Partial<Headers> | undefined)?.get !== 'function'
  )
    throw invalid({ name: 'response', expected: 'a Response', value: response }, invalidOptions);
  return readAnswer(response, where);
}

/**
 * {@link readResponse} without its input check: how the library reads the answers of
 * its own requests, which are always a `Response`. @internal
 */
export async function readAnswer(response: Response, where?: string): Promise<HttpResponse> {
  const { ok, status, headers } = response;
  const requestId = headers.get(REQUEST_ID_HEADER) ?? undefined;
  const common = { status, requestId, retryable: RETRYABLE_STATUSES.includes(status), response };
  let body = '';
  try {
    body = await response.text();
  } catch (cause) {
    if (ok) {
      throw new PlatformError(
        `Network error: the body of the answer${where ? ` to ${where}` : ''} could not be read`,
        { ...common, kind: 'network', code: 'NETWORK_ERROR', retryable: true, cause },
      );
    }
  }
  // Not JSON (HTML, empty, truncated): a 2xx is refused below, an error is judged by its status.
  const json = attempt(() => JSON.parse(body) as Json);

  if (ok) {
    if (json === undefined && !(body === '' && (status === 204 || status === 205))) {
      throw new PlatformError(
        `Invalid response: the body is not JSON, request-id: ${shownId(requestId)}`,
        {
          ...common,
          kind: 'system',
          code: 'INVALID_RESPONSE',
        },
      );
    }
    return { data: json, status, requestId, headers };
  }

  const statusText = statusTextOf(status, response.statusText);
  // Property reads on JSON of any shape (null, a string, an array) give undefined at worst.
  const details = isJsonRecord(json?.details) ? json.details : {};
  const serverMessage = text(json?.message);

  if ('validationError' in details) {
    const list = details.validationError?.fieldViolations;
    const fieldViolations = (Array.isArray(list) ? (list as Json[]) : [])
      .filter(isJsonRecord)
      .map(({ field, description, data }): FieldViolation => {
        const type = text(data?.type);
        return {
          field: text(field) ?? '',
          description: text(description) ?? '',
          ...(type !== undefined && { type }),
        };
      })
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    // The server's words, each capped and plain.
    const summary = fieldViolations
      .map((v) => `"${serverText(v.field)}" ${serverText(v.description)}`)
      .join(', ');
    throw new PlatformError(summary ? `INVALID_ARGUMENT: ${summary}` : 'INVALID_ARGUMENT', {
      ...common,
      kind: 'validation',
      code: 'INVALID_ARGUMENT',
      fieldViolations,
      description: serverMessage,
    });
  }

  // An application error, or a 4xx without details, speaks for itself; anything else is the server's fault.
  const application = 'applicationError' in details || (status >= 400 && status < 500);
  const applicationError = details.applicationError;
  const description = text(applicationError?.description) || statusText;
  const message = serverMessage || description;
  const data = applicationError?.data;
  throw new PlatformError(
    !application
      ? `System error occurred, request-id: ${shownId(requestId)}`
      : message === description
        ? serverText(message)
        : `${serverText(message)}: ${serverText(description)}`,
    {
      ...common,
      kind: application ? 'application' : 'http',
      code: text(applicationError?.code) || constantCase(statusText),
      description,
      data: application ? (isJsonRecord(data) ? data : {}) : undefined,
    },
  );
}
