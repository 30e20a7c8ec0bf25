// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAutoRefresh } from './auto-refresh';

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

  test('tries again 30 seconds after a failure', async () => {
    const renew = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const auto = createAutoRefresh(renew, () => 10_000);
    auto.schedule();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(2);
    auto.stop();
  });

  test('waits while the page is hidden and renews when it shows again', async () => {
    const renew = vi.fn(async () => undefined);
    const auto = createAutoRefresh(renew, () => 10_000);
    setVisibility('hidden');
    auto.schedule();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(renew).toHaveBeenCalledTimes(1);
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
