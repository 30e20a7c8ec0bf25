import { invalid, type Invalid } from './checks';
import { abortError } from './platform-error';

/**
 * The `signal` every public async call takes, read from the call's `options` and
 * checked: an `AbortSignal` or nothing; else the caller's invalid-argument error,
 * `signal must be an AbortSignal; got <what came>`.
 *
 * @example
 * ```ts
 * import { signalOf } from '@site-identity/http/internal';
 *
 * const signal = signalOf({ signal: AbortSignal.timeout(1000) }, (message) => new TypeError(message));
 * ```
 */
export function signalOf(options: unknown, make: Invalid): AbortSignal | undefined {
  const signal = (options as { signal?: unknown } | null | undefined)?.signal;
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  throw invalid({ name: 'signal', expected: 'an AbortSignal', value: signal }, make);
}

/**
 * `work()`, or a rejection with the abort error (a `PlatformError` `ABORTED`, the
 * signal's reason as `cause`) as soon as the `signal` of `options` aborts: the
 * caller stops waiting, the work it joined (shared with other callers) goes on.
 * Nothing starts when the signal has already aborted; a `signal` that is not an
 * `AbortSignal` rejects with the caller's invalid-argument error.
 *
 * @example
 * ```ts
 * import { untilAborted } from '@site-identity/http/internal';
 * declare const shared: Promise<string>;
 *
 * const controller = new AbortController();
 * const mine = untilAborted(() => shared, controller, (message) => new TypeError(message));
 * controller.abort(); // `mine` rejects; `shared` carries on
 * ```
 */
export function untilAborted<T>(
  work: () => T | Promise<T>,
  options: unknown,
  make: Invalid,
): Promise<T> {
  try {
    const signal = signalOf(options, make);
    if (signal?.aborted) throw abortError(signal.reason);
    const running = work();
    if (!signal) return Promise.resolve(running);
    return new Promise<T>((resolve, reject) => {
      const stop = () => reject(abortError(signal.reason));
      // A signal aborts once; the listener goes when the work settles.
      signal.addEventListener('abort', stop);
      // Settles once `running` has (resolve and reject never throw): nothing to catch.
      void Promise.resolve(running)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', stop));
    });
  } catch (error) {
    return Promise.reject(error);
  }
}
