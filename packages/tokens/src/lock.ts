/**
 * Runs `task` holding the Web Lock `name`, so that only one tab renews the
 * tokens at a time. Without Web Locks, or when the lock is not granted within
 * `timeoutMs` (a frozen tab holds it), `task` runs without it: the lock can
 * delay a renewal but never hang it. @internal
 *
 * @see https://w3c.github.io/web-locks/#api-lock-manager-request
 */
export async function withLock<T>(
  name: string,
  timeoutMs: number,
  task: () => Promise<T>,
): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (typeof locks?.request !== 'function') return task();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let granted = false;
  try {
    // Once granted, the time-out no longer matters: aborting then changes nothing.
    return await locks.request(name, { signal: controller.signal }, () => {
      granted = true;
      return task();
    });
  } catch (error) {
    if (granted) throw error;
    return task();
  } finally {
    clearTimeout(timer);
  }
}
