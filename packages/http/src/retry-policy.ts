/**
 * How a client retries requests that are safe to repeat (GET, PUT and DELETE by
 * default, any call marked `{ retry: true }`), on network errors, time-outs, 408,
 * 429, 502, 503 and 504 only. ky does the retrying.
 *
 * The wait before retry `n` (from 1) is `baseDelayMs * 2 ** (n - 1)` with "equal
 * jitter" (a random point in its upper half), capped at `maxDelayMs`. A
 * `Retry-After` header (seconds or an HTTP date) replaces that wait; when it asks
 * for more than `maxDelayMs` the client does not retry and rejects at once.
 *
 * @example
 * ```ts
 * import { createHttpClient, type RetryPolicy } from '@site-identity/http';
 *
 * const retry: RetryPolicy = { limit: 3, baseDelayMs: 200, maxDelayMs: 5000 };
 * const client = createHttpClient({ baseUrl: 'https://www.wixapis.com', retry });
 * ```
 */
export interface RetryPolicy {
  /** How many times a failed request is tried again. Default 2; 0 turns retries off. */
  readonly limit?: number;
  /** The wait before the first retry, before jitter. Default 300 ms. */
  readonly baseDelayMs?: number;
  /** The longest wait between two tries, `Retry-After` included. Default 10 000 ms. */
  readonly maxDelayMs?: number;
}
