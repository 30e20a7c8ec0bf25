import type { PlatformError } from './platform-error';

/** The statuses worth trying again: the request may succeed later as it is. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 429, 502, 503, 504];

/**
 * How a client retries requests that are safe to repeat (GET, PUT and DELETE by
 * default, any call marked `{ retry: true }`), on network errors, time-outs, 408,
 * 429, 502, 503 and 504 only.
 *
 * The wait before retry `n` (from 1) is `baseDelayMs * 2 ** (n - 1)`, capped at
 * `maxDelayMs`, with "equal jitter": a random point in its upper half. A
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

/** {@link RetryPolicy} with every default filled in. */
export type ResolvedRetryPolicy = Required<RetryPolicy>;

/** The defaults of {@link RetryPolicy}. */
export const DEFAULT_RETRY: ResolvedRetryPolicy = {
  limit: 2,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
};

/** The exponential wait before retry `attempt` (from 1), before jitter and cap. */
export function backoffDelay(policy: ResolvedRetryPolicy, attempt: number): number {
  return policy.baseDelayMs * 2 ** (attempt - 1);
}

/** Equal jitter: a random point in the upper half of `delay`. */
export function equalJitter(delay: number): number {
  return delay / 2 + Math.random() * (delay / 2);
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds: delta-seconds or an
 * HTTP date (RFC 9110 §10.2.3). `undefined` when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  const value = header?.trim() ?? '';
  const ms = /^\d+(\.\d+)?$/.test(value)
    ? Number(value) * 1000
    : /[a-z]/i.test(value)
      ? Date.parse(value) - now
      : Number.NaN;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * The wait before retry `attempt` (from 1) after a retryable `error`: what the
 * answer's `Retry-After` asks for, or else the jittered, capped back-off;
 * `undefined` (do not retry) when `Retry-After` asks for more than `maxDelayMs`.
 */
export function retryDelay(
  error: PlatformError,
  policy: ResolvedRetryPolicy,
  attempt: number,
): number | undefined {
  const after = retryAfterMs(error.response?.headers.get('retry-after') ?? null, Date.now());
  if (after === undefined)
    return equalJitter(Math.min(backoffDelay(policy, attempt), policy.maxDelayMs));
  return after > policy.maxDelayMs ? undefined : after;
}
