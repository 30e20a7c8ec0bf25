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
    : failure({ name: (error as Error | undefined)?.name, cause: error, messages: BARE_MESSAGES });
}

/** The message of a failure, one per kind it may turn out to be. */
interface FailureMessages {
  readonly timeout: string;
  readonly aborted: string;
  readonly network: string;
  readonly system: string;
}

/** What a failure is made of: the thrown value's `name`, the `cause`, the messages and the request's `detail`. */
interface FailureInit {
  readonly name: unknown;
  readonly cause: unknown;
  readonly messages: FailureMessages;
  readonly detail?: RequestDetail | undefined;
}

/** The messages of {@link toPlatformError}: no request to name. */
const BARE_MESSAGES: FailureMessages = {
  timeout: 'Request timed out',
  aborted: 'Request aborted',
  network: 'Network error',
  system: 'System error occurred, request-id: unknown',
};

/**
 * The `PlatformError` for what was thrown, by its `name`: `TimeoutError` → kind
 * `timeout`, `AbortError` → kind `aborted`, `TypeError` → kind `network`, anything
 * else → kind `system`, code `UNKNOWN`, each with its message (the bare ones of
 * {@link toPlatformError}, or the ones {@link wrap} writes for a request) and `cause`;
 * a time-out and a network failure carry the request's `detail`.
 */
function failure({ name, cause, messages, detail }: FailureInit): PlatformError {
  switch (name) {
    case 'TimeoutError':
      return new PlatformError(messages.timeout, {
        kind: 'timeout',
        code: 'TIMEOUT',
        retryable: true,
        cause,
        detail,
      });
    case 'AbortError':
      return abortError(cause, messages.aborted);
    case 'TypeError':
      return new PlatformError(messages.network, {
        kind: 'network',
        code: 'NETWORK_ERROR',
        retryable: true,
        cause,
        detail,
      });
    default:
      return new PlatformError(messages.system, { kind: 'system', code: 'UNKNOWN', cause });
  }
}

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
  return failure({
    name: aborted ? 'AbortError' : (error as Error | undefined)?.name,
    cause: aborted ? signal.reason : error,
    messages: {
      timeout: `Request timed out after ${context.timeoutMs} ms: ${where}`,
      aborted: `Request aborted: ${where}`,
      network: `Network error: no answer to ${where}${net ? `: ${net.reason}` : ''}`,
      system: `System error occurred: ${where}, request-id: unknown`,
    },
    detail: { method, url: shownUrl(url), networkCode: net?.code },
  });
}
