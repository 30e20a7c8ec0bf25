import { PlatformError, type FieldViolation } from './platform-error';
import { RETRYABLE_STATUSES } from './retry-policy';
import { constantCase, statusTextOf } from './status-text';

/**
 * The response header that carries the platform's request id.
 *
 * @example
 * ```ts
 * import { REQUEST_ID_HEADER } from '@site-identity/http';
 *
 * const requestId = response.headers.get(REQUEST_ID_HEADER);
 * ```
 */
export const REQUEST_ID_HEADER = 'x-wix-request-id';

/** A parsed body of unknown shape, read with optional chaining only. */
type Json = { readonly [key: string]: Json } | undefined;

const isRecord = (value: unknown): value is { readonly [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** The parsed body, or `undefined` for anything that is not JSON (HTML, empty, truncated). */
export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The request id of a response, if it has one. */
export function requestIdOf(response: Response): string | undefined {
  return response.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/**
 * The `PlatformError` for a non-2xx response whose body (possibly not JSON, or JSON
 * of any shape) has been read as `body`:
 *
 * - `details.validationError` → kind `validation`, code `INVALID_ARGUMENT`, message
 *   `INVALID_ARGUMENT: "a" reason, "b" reason` with the fields sorted;
 * - `details.applicationError` → kind `application` with its code, description and data;
 * - a 4xx without details → kind `application`, code from the status text (`NOT_FOUND`);
 * - anything else → kind `http`, message `System error occurred, request-id: <id>`.
 */
export function errorFromResponse(response: Response, body: string): PlatformError {
  const { status } = response;
  const statusText = statusTextOf(status, response.statusText);
  const requestId = requestIdOf(response);
  // Property reads on JSON of any shape (null, a string, an array) give undefined at worst.
  const json = parseJson(body) as Json;
  const details = isRecord(json?.details) ? json.details : {};
  const serverMessage = text(json?.message);
  const common = { status, requestId, retryable: RETRYABLE_STATUSES.includes(status), response };

  if ('validationError' in details) {
    const list = details.validationError?.fieldViolations;
    const fieldViolations = (Array.isArray(list) ? (list as Json[]) : [])
      .filter(isRecord)
      .map(({ field, description, data }): FieldViolation => {
        const type = text(data?.type);
        return { field: text(field) ?? '', description: text(description) ?? '', ...(type !== undefined && { type }) };
      })
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    const summary = fieldViolations.map((v) => `"${v.field}" ${v.description}`).join(', ');
    return new PlatformError(summary ? `INVALID_ARGUMENT: ${summary}` : 'INVALID_ARGUMENT', {
      ...common,
      kind: 'validation',
      code: 'INVALID_ARGUMENT',
      fieldViolations,
      description: serverMessage,
    });
  }

  if ('applicationError' in details || (status >= 400 && status < 500)) {
    const applicationError = details.applicationError;
    const description = text(applicationError?.description) || statusText;
    const message = serverMessage || description;
    const data = applicationError?.data;
    return new PlatformError(message === description ? message : `${message}: ${description}`, {
      ...common,
      kind: 'application',
      code: text(applicationError?.code) || constantCase(statusText),
      description,
      data: isRecord(data) ? data : {},
    });
  }

  return new PlatformError(`System error occurred, request-id: ${requestId ?? 'unknown'}`, {
    ...common,
    kind: 'http',
    code: constantCase(statusText),
    description: statusText,
  });
}
