// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAutoRefresh, retryDelayMs } from './refresh-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('createAutoRefresh', () => {
  test('renews when due and not before', async () => {
    const renew = vi.fn(async () => undefined);
    const auto = createAutoRefresh(renew, () => 60_000);
    auto.schedule();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(1);
    auto.stop();
  });

  test('never loops faster than every 5 seconds', async () => {
    const renew = vi.fn(async () => undefined);
    const auto = createAutoRefresh(renew, () => -1000);
    auto.schedule();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(renew).toHaveBeenCalledTimes(4);
    auto.stop();
  });

  test.each([
    [1, 0, 500],
    [1, 1, 1_000],
    [2, 0, 1_000],
    [3, 1, 4_000],
    [8, 1, 120_000],
    [20, 1, 120_000],
    [20, 0, 60_000],
  ])('after %i failures with random %d the next try waits %d ms', (failures, random, ms) => {
    expect(retryDelayMs(failures, () => random)).toBe(ms);
  });

  test('failures back off exponentially with jitter, capped, and a success resets it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const renew = vi.fn<() => Promise<void>>(async () => {
      throw new Error('offline');
    });
    const auto = createAutoRefresh(renew, () => 10_000);
    auto.schedule();
    await vi.advanceTimersByTimeAsync(10_000);
    const at: number[] = [];
    let last = Date.now();
    for (let i = 0; i < 9; i++) {
      const calls = renew.mock.calls.length;
      while (renew.mock.calls.length === calls) await vi.advanceTimersByTimeAsync(250);
      at.push(Date.now() - last);
      last = Date.now();
    }
    // never faster than every 5 s, then doubling: 8, 16, 32, 64 s, capped at 120 s
    expect(at).toEqual([5_000, 5_000, 5_000, 8_000, 16_000, 32_000, 64_000, 120_000, 120_000]);
    renew.mockResolvedValue(undefined);
    await vi.advanceTimersByTimeAsync(120_000);
    const calls = renew.mock.calls.length;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(renew.mock.calls.length).toBe(calls);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew.mock.calls.length).toBe(calls + 1);
    auto.stop();
    vi.restoreAllMocks();
  });

  test('catch-up: due while hidden, it renews once as soon as the page shows again', async () => {
    let expiresAt = Date.now() + 10_000;
    const renew = vi.fn(async () => {
      expiresAt = Date.now() + 10_000;
    });
    const auto = createAutoRefresh(renew, () => expiresAt - Date.now());
    setVisibility('hidden');
    auto.schedule();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).not.toHaveBeenCalled();
    setVisibility('visible');
    setVisibility('visible');
    expect(renew).toHaveBeenCalledTimes(1);
    auto.stop();
  });

  test('catch-up: due while offline (failing), it renews as soon as the page is online', async () => {
    let expiresAt = Date.now() + 10_000;
    let online = false;
    const renew = vi.fn(async () => {
      if (!online) throw new Error('offline');
      expiresAt = Date.now() + 600_000;
    });
    const auto = createAutoRefresh(renew, () => expiresAt - Date.now());
    auto.schedule();
    await vi.advanceTimersByTimeAsync(60_000);
    const failed = renew.mock.calls.length;
    expect(failed).toBeGreaterThan(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(renew).toHaveBeenCalledTimes(failed + 1);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(renew).toHaveBeenCalledTimes(failed + 1);
    auto.stop();
  });

  test('a page visible again with nothing due renews nothing', async () => {
    const renew = vi.fn(async () => undefined);
    const auto = createAutoRefresh(renew, () => 60_000);
    auto.schedule();
    setVisibility('hidden');
    setVisibility('visible');
    expect(renew).not.toHaveBeenCalled();
    auto.stop();
  });

  test('stops: no timer, no visibility listener, nothing to renew', async () => {
    const renew = vi.fn(async () => undefined);
    const auto = createAutoRefresh(renew, () => 10_000);
    auto.schedule();
    auto.stop();
    auto.schedule();
    await vi.advanceTimersByTimeAsync(100_000);
    setVisibility('visible');
    expect(renew).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  test('nothing due (no tokens): no timer', () => {
    const auto = createAutoRefresh(
      async () => undefined,
      () => undefined,
    );
    auto.schedule();
    expect(vi.getTimerCount()).toBe(0);
  });
});
