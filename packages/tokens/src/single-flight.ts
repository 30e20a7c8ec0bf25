/**
 * Wraps `task` so that calls made while one run is pending share its promise:
 * any number of concurrent callers cause one run, its failure reaches every
 * one of them, and the next call after it settles starts a new run. @internal
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= task().finally(() => {
      pending = undefined;
    }));
}
