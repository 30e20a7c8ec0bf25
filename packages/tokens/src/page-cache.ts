/**
 * Follows the page into and out of the back/forward cache: `hidden()` on a
 * `pagehide` that may keep the page (`persisted`), `restored()` on a `pageshow`
 * that brings it back. Only these two events: an `unload` handler would keep
 * the page out of the cache. Returns the function that stops listening. @internal
 */
export function watchPageCache(hidden: () => void, restored: () => void): () => void {
  const page = globalThis.window;
  const onHide = (event: PageTransitionEvent) => event.persisted && hidden();
  const onShow = (event: PageTransitionEvent) => event.persisted && restored();
  page?.addEventListener('pagehide', onHide);
  page?.addEventListener('pageshow', onShow);
  return () => {
    page?.removeEventListener('pagehide', onHide);
    page?.removeEventListener('pageshow', onShow);
  };
}
