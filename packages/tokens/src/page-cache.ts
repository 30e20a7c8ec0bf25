/**
 * Follows the page into and out of the back/forward cache: `hidden()` on a
 * `pagehide` that may keep the page (`persisted`), `restored()` on a `pageshow`
 * that brings it back. Only these two events: an `unload` handler would keep
 * the page out of the cache. Returns the function that stops listening. @internal
 */
export function watchPageCache(hidden: () => void, restored: () => void): () => void {
  const page = globalThis.window;
  const on = (call: () => void) => (event: Event) => {
    if ((event as PageTransitionEvent).persisted) call();
  };
  const listeners = [
    ['pagehide', on(hidden)],
    ['pageshow', on(restored)],
  ] as const;
  for (const [type, listener] of listeners) page?.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) page?.removeEventListener(type, listener);
  };
}
