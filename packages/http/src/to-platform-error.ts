import { abortError, isPlatformError, PlatformError } from './platform-error';

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

/** What a failure of one request is described with. @internal */
export interface FailureContext {
  /** The request, as `POST /v2/login`. */
  readonly where: string;
  readonly timeoutMs: number;
  /** The caller's signal: once it has aborted, every failure is kind `aborted`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * {@link toPlatformError} for one request: messages name its method and path, a
 * time-out names `timeoutMs`, and once the caller's `signal` has aborted every
 * failure is kind `aborted`, with the abort reason as `cause`. @internal
 */
export function wrap(error: unknown, context?: FailureContext): PlatformError {
  const aborted = context?.signal?.aborted;
  if (!aborted && isPlatformError(error)) return error;
  const on = context ? `: ${context.where}` : '';
  switch (aborted ? 'AbortError' : (error as Error | undefined)?.name) {
    case 'TimeoutError':
      return new PlatformError(
        `Request timed out${context ? ` after ${context.timeoutMs} ms` : ''}${on}`,
        { kind: 'timeout', code: 'TIMEOUT', retryable: true, cause: error },
      );
    case 'AbortError':
      return abortError(aborted ? context?.signal?.reason : error, `Request aborted${on}`);
    case 'TypeError':
      return new PlatformError(`Network error${context ? `: no answer to ${context.where}` : ''}`, {
        kind: 'network',
        code: 'NETWORK_ERROR',
        retryable: true,
        cause: error,
      });
    default:
      return new PlatformError(`System error occurred${on}, request-id: unknown`, {
        kind: 'system',
        code: 'UNKNOWN',
        cause: error,
      });
  }
}
