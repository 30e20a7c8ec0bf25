// Node's diagnosis of a failed request; `undefined` in browser bundles (package.json `imports`).
import { networkCause } from '#network-cause';
import { abortError, isPlatformError, PlatformError, type RequestDetail } from './platform-error';

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
  return isPlatformError(error)
    ? error
    : failure(
        (error as Error | undefined)?.name,
        error,
        'Request timed out',
        'Request aborted',
        'Network error',
        'System error occurred, request-id: unknown',
      );
}

/**
 * The `PlatformError` for what was thrown, by its `name`: `TimeoutError` → kind
 * `timeout`, `AbortError` → kind `aborted`, `TypeError` → kind `network`, anything
 * else → kind `system`, code `UNKNOWN`, each with its message (the bare one of
 * {@link toPlatformError}, or the one {@link wrap} writes for a request) and `cause`;
 * a time-out and a network failure carry the request's `detail`.
 */
const failure = (
  name: unknown,
  cause: unknown,
  timedOut: string,
  aborted: string,
  network: string,
  system: string,
  detail?: RequestDetail,
): PlatformError =>
  name === 'TimeoutError'
    ? new PlatformError(timedOut, {
        kind: 'timeout',
        code: 'TIMEOUT',
        retryable: true,
        cause,
        detail,
      })
    : name === 'AbortError'
      ? abortError(cause, aborted)
      : name === 'TypeError'
        ? new PlatformError(network, {
            kind: 'network',
            code: 'NETWORK_ERROR',
            retryable: true,
            cause,
            detail,
          })
        : new PlatformError(system, { kind: 'system', code: 'UNKNOWN', cause });

/**
 * How a message names a request's URL: host and port included, never its query or
 * fragment (which may hold a token); a path that could not be resolved, as it came.
 */
const shownUrl = (url: URL | string): string =>
  typeof url === 'object' ? url.origin + url.pathname : url;

/**
 * `POST https://www.wixapis.com/oauth2/token`: how a message names a request. @internal
 */
export const describeRequest = (method: string, url: URL | string): string =>
  `${method} ${shownUrl(url)}`;

/** What a failure of one request is described with. @internal */
export interface FailureContext {
  readonly method: string;
  /** The request's URL, or its path when that could not be resolved. */
  readonly url: URL | string;
  readonly timeoutMs: number;
  /** The caller's signal: once it has aborted, every failure is kind `aborted`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * {@link toPlatformError} for one request: messages name its method and path, a
 * time-out names `timeoutMs`, and once the caller's `signal` has aborted every
 * failure is kind `aborted`, with the abort reason as `cause`. A network failure names
 * the operating system's reason when there is one (a host not found, nothing
 * listening on the port, no TLS there); `detail` holds the method, the URL and that
 * code. @internal
 */
export function wrap(error: unknown, context: FailureContext): PlatformError {
  const { method, url, signal } = context;
  const aborted = signal?.aborted;
  if (!aborted && isPlatformError(error)) return error;
  const where = describeRequest(method, url);
  const net = networkCause(error, url);
  return failure(
    aborted ? 'AbortError' : (error as Error | undefined)?.name,
    aborted ? signal.reason : error,
    `Request timed out after ${context.timeoutMs} ms: ${where}`,
    `Request aborted: ${where}`,
    `Network error: no answer to ${where}${net ? `: ${net.reason}` : ''}`,
    `System error occurred: ${where}, request-id: unknown`,
    { method, url: shownUrl(url), networkCode: net?.code },
  );
}
