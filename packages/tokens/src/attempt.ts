/** The result of `task`, or `undefined` when it throws (text that is not JSON, a storage or channel that refuses). @internal */
export function attempt<T>(task: () => T): T | undefined {
  try {
    return task();
  } catch {
    return undefined;
  }
}
