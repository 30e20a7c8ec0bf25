// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { memoryStorage, webStorage } from './storage';

afterEach(() => {
  localStorage.clear();
});

describe('memoryStorage', () => {
  test('stores, reads and removes per key', async () => {
    const storage = memoryStorage();
    await storage.setItem('a', '1');
    await storage.setItem('b', '2');
    await storage.removeItem('b');
    expect([storage.getItem('a'), storage.getItem('b')]).toEqual(['1', null]);
  });

  test('two instances share nothing', async () => {
    await memoryStorage().setItem('a', '1');
    expect(memoryStorage().getItem('a')).toBeNull();
  });
});

describe('webStorage', () => {
  test('writes through to the web storage under the key it is asked for', async () => {
    const storage = webStorage(localStorage);
    await storage.setItem('site-identity:c:tokens', '{"x":1}');
    expect(localStorage.getItem('site-identity:c:tokens')).toBe('{"x":1}');
    expect(storage.getItem('site-identity:c:tokens')).toBe('{"x":1}');
    await storage.removeItem('site-identity:c:tokens');
    expect(localStorage.getItem('site-identity:c:tokens')).toBeNull();
  });

  test('a key of its own overrides the one asked for', async () => {
    await webStorage(localStorage, 'mine').setItem('site-identity:c:tokens', 'v');
    expect(localStorage.getItem('mine')).toBe('v');
    expect(localStorage.getItem('site-identity:c:tokens')).toBeNull();
  });

  test('a write that throws (quota, private mode) is kept in memory and rethrown for the manager to report', () => {
    const storage = webStorage(localStorage);
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => storage.setItem('k', 'v')).toThrow('quota');
    expect(storage.getItem('k')).toBe('v');
    vi.spyOn(localStorage, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => storage.removeItem('k')).toThrow('denied');
    expect(storage.getItem('k')).toBeNull();
  });

  test('announces a storage event on its key from another tab', () => {
    const storage = webStorage(localStorage);
    const listener = vi.fn();
    const stop = storage.subscribe?.('k', listener);
    const fire = (key: string | null, area: Storage) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: 'x', storageArea: area }));
    fire('other', localStorage);
    fire('k', sessionStorage);
    fire('k', localStorage);
    fire(null, localStorage); // localStorage.clear() in another tab
    expect(listener).toHaveBeenCalledTimes(2);
    stop?.();
    fire('k', localStorage);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
