import { serverText } from './checks';

/**
 * Reason phrases of the statuses the platform answers with, for answers that carry
 * no status text (HTTP/2 and HTTP/3 send none).
 */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The status text of a response; when it has none (HTTP/2 and HTTP/3 send none),
 * the standard reason phrase of a status the platform uses, else `HTTP <status>`.
 *
 * @example
 * ```ts
 * import { statusTextOf } from '@site-identity/http';
 *
 * statusTextOf(400, ''); // 'Bad Request'
 * statusTextOf(599, ''); // 'HTTP 599'
 * ```
 */
export function statusTextOf(status: number, statusText: string): string {
  // The server's own words, capped and stripped of control characters.
  return (
    (typeof statusText === 'string' && serverText(statusText)) ||
    REASONS[status] ||
    `HTTP ${status}`
  );
}

/**
 * A code in CONSTANT_CASE from a status text: `Not Found` → `NOT_FOUND`,
 * `Too Many Requests` → `TOO_MANY_REQUESTS`, `HTTP 599` → `HTTP_599`.
 */
export function constantCase(text: string): string {
  const words = text
    .replace(/['’]/g, '')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .match(/[a-z\d]+/gi);
  return words?.join('_').toUpperCase() ?? 'UNKNOWN';
}
