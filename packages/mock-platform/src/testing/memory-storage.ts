/**
 * A Web Storage (`sessionStorage` / `localStorage`) kept in memory, with the
 * standard's behaviour: values are strings, keys keep their insertion order.
 *
 * @example
 * ```ts
 * const storage = createMemoryStorage();
 * storage.setItem('k', 'v');
 * storage.getItem('k'); // 'v'
 * ```
 */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>();
  const storage = {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem: (key: string, value: string) => void items.set(String(key), String(value)),
    removeItem: (key: string) => void items.delete(String(key)),
    clear: () => items.clear(),
  };
  return storage;
}
