import { afterEach, describe, expect, test, vi } from 'vitest';
import { withLock } from './lock';

afterEach(() => {
  vi.useRealTimers();
});

type Request = (
  name: string,
  options: { signal: AbortSignal },
  callback: () => Promise<unknown>,
) => Promise<unknown>;

function stubLocks(request: Request) {
  vi.stubGlobal('navigator', { locks: { request } });
}

describe('withLock', () => {
  test('runs the task directly without Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    await expect(withLock('l', 10, async () => 'done')).resolves.toBe('done');
  });

  test('runs the task holding the named lock', async () => {
    const request = vi.fn<Request>((_name, _options, callback) => callback());
    stubLocks(request);
    await expect(withLock('site-identity:c:tokens:renew', 1000, async () => 7)).resolves.toBe(7);
    expect(request).toHaveBeenCalledWith(
      'site-identity:c:tokens:renew',
      expect.anything(),
      expect.any(Function),
    );
  });

  test('goes ahead without the lock when another holder never lets go', async () => {
    vi.useFakeTimers();
    stubLocks(
      (_name, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const task = vi.fn(async () => 'fallback');
    const result = withLock('l', 5000, task);
    await vi.advanceTimersByTimeAsync(4999);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('fallback');
  });

  test("the task's own failure is not retried without the lock", async () => {
    stubLocks((_name, _options, callback) => callback());
    const task = vi.fn(async () => {
      throw new Error('refresh failed');
    });
    await expect(withLock('l', 1000, task)).rejects.toThrow('refresh failed');
    expect(task).toHaveBeenCalledTimes(1);
  });

  test('a lock manager that throws falls back to running the task', async () => {
    stubLocks(() => Promise.reject(new DOMException('insecure', 'SecurityError')));
    await expect(withLock('l', 1000, async () => 'ok')).resolves.toBe('ok');
  });
});
