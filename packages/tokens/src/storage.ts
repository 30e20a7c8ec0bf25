/**
 * Where the token manager keeps the serialised token set. The methods match the
 * Web Storage API, so `localStorage`, `sessionStorage` and React Native's
 * `AsyncStorage` fit as they are; each method may answer synchronously or with
 * a promise. With a synchronous `getItem` the session is known on the first
 * `getSnapshot()`; with an asynchronous one it starts as `'loading'`.
 *
 * The manager parses what it reads: a value that is not a token set is
 * reported (`STORAGE_CORRUPT`) and ignored, and a method that throws is
 * reported (`STORAGE_UNAVAILABLE`) while the session carries on in memory.
 *
 * `subscribe`, when present, tells the manager that another context (a tab)
 * changed `key`; without it cross-tab sync relies on `BroadcastChannel`.
 *
 * @example
 * ```ts
 * import AsyncStorage from '@react-native-async-storage/async-storage';
 * import { createTokenManager, type TokenStorage } from '@site-identity/tokens';
 *
 * const storage: TokenStorage = AsyncStorage; // getItem/setItem/removeItem → promises
 * const manager = createTokenManager({ clientId: 'my-client-id', storage });
 * ```
 */
export interface TokenStorage {
  getItem(key: string): string | null | undefined | Promise<string | null | undefined>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
  subscribe?(key: string, listener: () => void): () => void;
}

/**
 * Token storage that lives as long as the page (or the server request): the
 * default outside a browser, and the right choice for one session per request
 * in server rendering.
 *
 * @example
 * ```ts
 * import { createTokenManager, memoryStorage } from '@site-identity/tokens';
 * const manager = createTokenManager({ clientId: 'my-client-id', storage: memoryStorage() });
 * ```
 */
export function memoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * Token storage over `localStorage` (survives a reload, shared by the tabs of
 * an origin) or `sessionStorage` (one tab). A write that throws (private mode,
 * quota) falls back to memory for that key and is reported to the manager; a
 * change another tab makes is announced through the `storage` event.
 *
 * @param storage - `localStorage`, `sessionStorage` or any `Storage`.
 * @param key - Overrides the key the manager asks for
 *   (default `site-identity:<clientId>:tokens`).
 *
 * @example
 * ```ts
 * import { createTokenManager, webStorage } from '@site-identity/tokens';
 * const manager = createTokenManager({
 *   clientId: 'my-client-id',
 *   storage: webStorage(sessionStorage), // one session per tab
 * });
 * ```
 */
export function webStorage(storage: Storage, key?: string): TokenStorage {
  const memory = new Map<string, string | null>();
  const at = (asked: string) => key ?? asked;
  /** Remembers `value` until `storage` took it; if it throws, memory keeps it. */
  const write = (asked: string, value: string | null) => {
    const k = at(asked);
    memory.set(k, value);
    if (value === null) storage.removeItem(k);
    else storage.setItem(k, value);
    memory.delete(k);
  };
  return {
    getItem(asked) {
      const k = at(asked);
      return memory.has(k) ? memory.get(k) : storage.getItem(k);
    },
    setItem: write,
    removeItem: (asked) => write(asked, null),
    subscribe(asked, listener) {
      const k = at(asked);
      const target = globalThis.window;
      const onStorage = (event: StorageEvent) => {
        if ((event.key === k || event.key === null) && event.storageArea === storage) {
          memory.delete(k);
          listener();
        }
      };
      target?.addEventListener('storage', onStorage);
      return () => target?.removeEventListener('storage', onStorage);
    },
  };
}
