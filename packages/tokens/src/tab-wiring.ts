import type { EngineSettings } from './engine-settings';
import { watchPageCache } from './page-cache';
import { openTabChannel, type TabChannel, type TabMessage } from './tab-channel';

/** What the tab wiring tells the session engine. @internal */
export interface TabWiringOptions {
  readonly settings: EngineSettings;
  /** Another tab's message. */
  readonly hear: (message: TabMessage) => void;
  /** A message for this session refused, and why. */
  readonly refused: (why: string) => void;
  /** Another tab changed the record. */
  readonly storageChanged: () => void;
  /** The page came back from the back/forward cache (the channel is open again). */
  readonly restored: () => void;
}

/**
 * The tab channel of a session engine, opened on the first read and following the
 * page into and out of the back/forward cache: into it, the channel closes (so that no
 * message evicts the page; a waiting or held lock is the browser's); back from it, it
 * opens again and `restored` hears of it. The browser's tabs in a browser, a given
 * environment anywhere; none with `crossTab: false`. @internal
 */
export function createTabWiring({
  settings,
  hear,
  refused,
  storageChanged,
  restored,
}: TabWiringOptions) {
  const { clientId, key, crossTab, store, now } = settings;
  /** The channel: none yet (or while the page is in the cache); `null` once stopped. */
  let tabs: TabChannel | null | undefined;
  let unwatch: (() => void) | undefined;

  function open(): void {
    if (tabs === undefined && crossTab && (crossTab !== true || globalThis.window))
      tabs = openTabChannel({
        name: `site-identity:${clientId}`,
        key,
        environment: crossTab === true ? {} : crossTab,
        storage: store(),
        hear,
        refused,
        now,
        storageChanged,
      });
  }

  function hidden(): void {
    tabs?.stop();
    if (tabs) tabs = undefined;
  }

  return {
    /** The channel open now, if any. */
    current: (): TabChannel | undefined => tabs ?? undefined,
    /** Opens the channel and starts following the page cache (once). */
    start(): void {
      open();
      unwatch ??= watchPageCache(hidden, () => {
        open();
        restored();
      });
    },
    /** Closes the channel for good. */
    stop(): void {
      unwatch?.();
      tabs?.stop();
      tabs = null;
    },
  };
}
