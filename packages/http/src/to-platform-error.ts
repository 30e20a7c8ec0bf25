import { isPlatformError, PlatformError } from './platform-error';

const nameOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;

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
  if (isPlatformError(error)) return error;
  switch (nameOf(error)) {
    case 'TimeoutError':
      return new PlatformError('Request timed out', { kind: 'timeout', code: 'TIMEOUT', retryable: true, cause: error });
    case 'AbortError':
      return new PlatformError('Request aborted', { kind: 'aborted', code: 'ABORTED', cause: error });
    case 'TypeError':
      return new PlatformError('Network error: the platform could not be reached', {
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
