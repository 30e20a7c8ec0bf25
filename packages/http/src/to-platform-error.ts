import { isPlatformError, PlatformError } from './platform-error';

/**
 * A `PlatformError` for anything thrown: a `PlatformError` comes back unchanged;
 * a `TimeoutError` becomes kind `timeout`, an `AbortError` kind `aborted`, a
 * `TypeError` (how `fetch` reports an unreachable host) kind `network`, and
 * anything else kind `system` with code `UNKNOWN`. The original is kept as `cause`;
 * its message is never copied, so a token inside it cannot leak into logs.
 *
 * @example
 * ```ts
 * import { toPlatformError } from '@site-identity/http';
 * declare function somethingThatMayThrow(...args: unknown[]): unknown;
 *
 * try {
 *   await somethingThatMayThrow();
 * } catch (error) {
 *   const platformError = toPlatformError(error);
 *   console.log(platformError.kind, platformError.code, platformError.retryable);
 * }
 * ```
 */
export function toPlatformError(error: unknown): PlatformError {
  return wrap(error);
}

/**
 * {@link toPlatformError} for the client: a time-out names `timeoutMs`, and once
 * `signal` has aborted every failure is kind `aborted`, with the abort reason as
 * `cause`.
 */
export function wrap(error: unknown, timeoutMs?: number, signal?: AbortSignal): PlatformError {
  const aborted = signal?.aborted;
  if (!aborted && isPlatformError(error)) return error;
  switch (aborted ? 'AbortError' : (error as Error | undefined)?.name) {
    case 'TimeoutError':
      return new PlatformError(`Request timed out${timeoutMs ? ` after ${timeoutMs} ms` : ''}`, {
        kind: 'timeout',
        code: 'TIMEOUT',
        retryable: true,
        cause: error,
      });
    case 'AbortError':
      return new PlatformError('Request aborted', {
        kind: 'aborted',
        code: 'ABORTED',
        cause: aborted ? signal?.reason : error,
      });
    case 'TypeError':
      return new PlatformError('Network error', {
        kind: 'network',
        code: 'NETWORK_ERROR',
        retryable: true,
        cause: error,
      });
    default:
      return new PlatformError('System error occurred, request-id: unknown', {
        kind: 'system',
        code: 'UNKNOWN',
        cause: error,
      });
  }
}
