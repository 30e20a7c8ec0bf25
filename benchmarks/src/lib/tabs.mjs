// What the tabs of one site share in a browser, emulated in this process: a
// localStorage-like storage and the Web Locks API (a BroadcastChannel is Node's own).

/** Web Locks for the tabs of this process: exclusive, first come first served, abortable. */
export function inProcessLocks() {
  const queues = new Map();
  const busy = new Set();
  const grant = (name) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else busy.delete(name);
  };
  return {
    request: (name, { signal }, callback) =>
      new Promise((resolve, reject) => {
        const run = () => {
          signal?.removeEventListener('abort', abort);
          busy.add(name);
          Promise.resolve()
            .then(callback)
            .then(resolve, reject)
            .finally(() => grant(name));
        };
        const abort = () => {
          const queue = queues.get(name) ?? [];
          if (queue.includes(run)) queue.splice(queue.indexOf(run), 1);
          reject(new DOMException('aborted', 'AbortError'));
        };
        if (!busy.has(name)) return run();
        signal?.addEventListener('abort', abort);
        queues.set(name, [...(queues.get(name) ?? []), run]);
      }),
  };
}

/** A storage with localStorage's getItem, setItem and removeItem, shared by the tabs given it. */
export function sharedStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}
