import { describe, expect, test, vi } from 'vitest';
import {
  createVerificationStore,
  verificationKey,
  type VerificationStorage,
} from './verification-store';

function mapStorage(): VerificationStorage & { records: Map<string, string> } {
  const records = new Map<string, string>();
  return {
    records,
    getItem: (key) => records.get(key) ?? null,
    setItem: (key, value) => void records.set(key, value),
    removeItem: (key) => void records.delete(key),
  };
}

describe('createVerificationStore', () => {
  test('keeps the flow under site-identity:<clientId>:verification', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const storage = mapStorage();
    createVerificationStore('client-1', () => storage).write('st-1');
    expect(verificationKey('client-1')).toBe('site-identity:client-1:verification');
    expect(JSON.parse(storage.records.get('site-identity:client-1:verification') ?? '')).toEqual({
      stateToken: 'st-1',
      since: 1_700_000_000_000,
    });
    vi.useRealTimers();
  });

  test('a new store on the same storage (a reload) reads the flow', () => {
    const storage = mapStorage();
    createVerificationStore('c', () => storage).write('st-1');
    const afterReload = createVerificationStore('c', () => storage);
    expect(afterReload.read()?.stateToken).toBe('st-1');
    afterReload.clear();
    expect(createVerificationStore('c', () => storage).read()).toBeUndefined();
  });

  test('flows of different clients do not mix', () => {
    const storage = mapStorage();
    createVerificationStore('a', () => storage).write('st-a');
    expect(createVerificationStore('b', () => storage).read()).toBeUndefined();
  });

  test.each([['not json'], ['null'], ['{"stateToken":""}'], ['{"stateToken":"x"}'], ['[]']])(
    'a malformed record %s reads as no flow',
    (raw) => {
      const storage = mapStorage();
      storage.records.set(verificationKey('c'), raw);
      expect(createVerificationStore('c', () => storage).read()).toBeUndefined();
    },
  );

  test('without storage the flow lives in memory', () => {
    const store = createVerificationStore('c', () => undefined);
    store.write('st');
    expect(store.read()?.stateToken).toBe('st');
    store.clear();
    expect(store.read()).toBeUndefined();
  });

  test('a storage that refuses to work falls back to memory and never throws', () => {
    const refusing: VerificationStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createVerificationStore('c', () => refusing);
    store.write('st');
    expect(store.read()?.stateToken).toBe('st');
    expect(() => store.clear()).not.toThrow();
    expect(store.read()).toBeUndefined();
  });

  test('a flow cleared in storage by someone else (logout) stays cleared', () => {
    const storage = mapStorage();
    const store = createVerificationStore('c', () => storage);
    store.write('st');
    storage.records.clear();
    expect(store.read()).toBeUndefined();
  });

  test('defaults to window.sessionStorage, looked up on use', () => {
    const storage = mapStorage();
    const store = createVerificationStore('c');
    vi.stubGlobal('window', { sessionStorage: storage });
    store.write('st');
    expect(storage.records.has(verificationKey('c'))).toBe(true);
  });
});
