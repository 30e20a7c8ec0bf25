import {
  attempt,
  nonNegative,
  optionalFunction,
  requiredString,
} from '@site-identity/http/internal';
import { compareEntries, NO_ENTRY } from './entry';
import { invalidArgument, type TokensError } from './tokens-error';
import type { SessionObserver } from './inspection-events';
import { watchPageCache } from './page-cache';
import { after, createStoredRecord, type MaybePromise, type RecordRead } from './record';
import { decideRenewal, serves, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import { createListeners } from './listeners';
import { LOADING, type SessionListener } from './session';
import {
  INITIAL_SESSION,
  heard,
  read,
  restoring,
  rewrite,
  type Session,
  type Step,
} from './session-transition';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import { openTabChannel, type TabChannel } from './tab-channel';
import type { TokenManagerOptions } from './token-manager-types';
import type { Tokens } from './types';

/** What a tab waits beyond the holder's requests: storage, the channel, a busy page. @internal */
export const LOCK_MARGIN_MS = 2_000;

/** A wait for a condition on the session; `stop()` gives it up. @internal */
export interface SessionWait {
  readonly promise: Promise<void>;
  stop(): void;
}

/**
 * A wait until `done()` holds, checked by each of `waiting` (run whenever the
 * session moves) and, with a `bound`, at once; a bounded wait ends after `bound`
 * ms in any case. @internal
 */
export function waitUntil(
  waiting: Set<() => void>,
  done: () => boolean,
  bound?: number,
): SessionWait {
  let stop!: () => void;
  const promise = new Promise<void>((resolve) => {
    const check = () => {
      if (done()) finish();
    };
    const finish = () => {
      stop();
      resolve();
    };
    const timer = bound === undefined ? undefined : setTimeout(finish, bound);
    stop = () => {
      clearTimeout(timer);
      waiting.delete(check);
    };
    waiting.add(check);
    if (bound !== undefined) check();
  });
  return { promise, stop };
}

/** The engine's settings from the manager's options, checked. */
function engineSettings(options: TokenManagerOptions) {
  const {
    clientId,
    now = () => Date.now(),
    leewaySeconds = 60,
    crossTab = true,
    onError = (error: TokensError) => console.warn(`[site-identity] ${error.message}`),
  } = options;
  // The time-out of a request as the endpoint takes it (checked there): 10 s when left out.
  const lockTimeoutMs = options.lockTimeoutMs ?? 2 * (options.timeoutMs ?? 10_000) + LOCK_MARGIN_MS;
  nonNegative(leewaySeconds, 'leewaySeconds', invalidArgument);
  nonNegative(lockTimeoutMs, 'lockTimeoutMs', invalidArgument);
  optionalFunction(onError, 'onError', invalidArgument);
  let storage = options.storage;
  // By default `localStorage`, or memory where there is none or it is disabled (sandboxed
  // frame, blocked cookies).
  const store = (): TokenStorage =>
    (storage ??= attempt(() => localStorage && webStorage(localStorage)) || memoryStorage());
  const key =
    options.storageKey === undefined
      ? `site-identity:${clientId}:tokens`
      : requiredString(options.storageKey, 'storageKey', invalidArgument);
  return { clientId, now, leewaySeconds, crossTab, lockTimeoutMs, onError, store, key };
}

/**
 * The one writer of a tab's session: it holds the {@link Session}, changes it only
 * through its transitions (`dispatch`) and runs the effects the transition
 * returns: publish to subscribers, post to the other tabs, write the record. It
 * reads the record (`load`, `reread`), hears the other tabs and the storage, and
 * lets waits watch the session; it follows the page into and out of the
 * back/forward cache, and reports each transition to the inspection's observer once one is attached.
 * Its settings come from the manager's options (checked here); `moved` hears when
 * the session held moved or the record was read. @internal
 */
export function createSessionEngine(options: TokenManagerOptions, moved: () => void) {
  const settings = engineSettings(options);
  const { clientId, now, leewaySeconds, crossTab, lockTimeoutMs, store, key } = settings;
  /** The inspection's observer, once `inspect` attached one. */
  let observer: SessionObserver | undefined;
  const record = createStoredRecord(store, key, (error) => {
    observer?.failed(error);
    settings.onError(error);
  });
  const listeners = createListeners<Parameters<SessionListener>>();
  /** Checks run whenever the session changes. */
  const waiting = new Set<() => void>();
  let session = INITIAL_SESSION;
  /** The tab channel; `null` once disposed. */
  let tabs: TabChannel | null | undefined;
  /**
   * The read that ends loading (or the one after the page was restored); a repair under way;
   * the end of the page-cache watch.
   */
  let loading: unknown, repairing: Promise<unknown> | undefined, unwatch: (() => void) | undefined;
  /** The record as this tab last read or wrote it: after a token set, an empty record is a sign-out by hand. */
  let seen = NO_ENTRY;

  /** The one writer: the transition `change`, then its effects, each reported. */
  function dispatch<D extends unknown[]>(
    change: (session: Session, ...data: D) => Step,
    ...data: D
  ): MaybePromise<unknown> {
    const before = session;
    const [next, event, tell, effect, reason] = change(before, ...data);
    session = next;
    const { held, snapshot } = next;
    // The first read of a synchronous storage ends loading before anyone listened.
    const published = snapshot !== before.snapshot && !(before.snapshot === LOADING && !loading);
    // A sign-out named again (no tokens before or after) corrects the snapshot: no second event.
    if (published) listeners.tell(snapshot, before.held.tokens || held.tokens ? event : undefined);
    observer?.step(before, next, event, published, change);
    if (next.loaded && (!before.loaded || held !== before.held)) moved();
    for (const check of [...waiting]) check();
    if (tell) tabs?.post(tell);
    if (effect === 'repair') void repair();
    else if (effect)
      return after(record.write(held), (ok) => {
        if (ok) seen = held;
        if (effect === 'rewrite') return;
        if (effect === 'share' || !ok) tabs?.post({ ...held, reason, unstored: !ok });
        else if (tabs?.locked) void repair();
        if (effect === 'share' && tabs) observer?.handedOff(held);
      });
  }

  /** The renewal decision for `ask` (none: any valid tokens) on the session held and the record `read`. */
  function decide(ask: RenewalAsk | undefined, read: RecordRead, sawRecord?: boolean) {
    const { held } = session;
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    sawRecord ??= !!seen.tokens && compareEntries(held, seen) <= 0;
    return decideRenewal(held, read, sawRecord, ask, now(), leewaySeconds);
  }

  /**
   * Reads the record and takes the renewal decision for `ask` on it (`repair`: a
   * bad record is written back); the first read ends loading, silently when the
   * storage answered at once.
   */
  const reread = (ask: RenewalAsk | undefined, sawRecord?: boolean, repair?: boolean) =>
    after(record.read(), (found): RenewalDecision => {
      const decision = decide(ask, found, sawRecord);
      if (typeof found === 'object') seen = found;
      void dispatch(read, decision, repair);
      return decision;
    });

  /** Writes the session held over a corrupt or older record, holding the lock (no request). */
  function repair(): Promise<unknown> {
    const fix = async () => {
      if (decide(undefined, await record.read(), false).write) await dispatch(rewrite);
    };
    return (repairing ??= (tabs ? tabs.exclusive(fix, lockTimeoutMs) : fix())
      .catch(() => undefined)
      .finally(() => (repairing = undefined)));
  }

  /** Opens the tab channel: the browser's tabs in a browser; a given environment anywhere. */
  function openTabs(): void {
    if (tabs === undefined && crossTab && (crossTab !== true || globalThis.window))
      tabs = openTabChannel(
        `site-identity:${clientId}`,
        key,
        crossTab === true ? {} : crossTab,
        store(),
        (message) => void dispatch(heard, message),
        // Another tab changed the record: adopt a later session; a corrupt one never replaces ours.
        () => void reread(undefined, undefined, true),
      );
  }

  return {
    ...settings,
    get session(): Session {
      return session;
    },
    tabs: () => tabs,
    dispatch,
    reread,
    /** The inspection's observer, when one is attached. */
    observed: () => observer,
    /** Attaches the inspection's observer, made once with the manager's clock. */
    observe: <O extends SessionObserver>(create: (now: () => number) => O): O =>
      (observer ??= create(now)) as O,
    /** Resolves once `done()` holds, checked whenever the session changes (and, with a `bound`, at once). */
    until: (done: () => boolean, bound?: number) => waitUntil(waiting, done, bound),
    /** The tokens held once the record was read, when they serve `ask` as they are. */
    usable(ask?: RenewalAsk): Tokens | undefined {
      const { held } = session;
      return session.loaded && serves(held, now(), leewaySeconds, ask) ? held.tokens! : undefined;
    },
    /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
    load(): unknown {
      if (session.loaded) return;
      openTabs();
      /*
       * Into the back/forward cache, the channel closes (so that no message evicts the page;
       * a waiting or held lock is the browser's); back from it, it opens again, and no token
       * is served until the record was read again (a sign-out or a later session from another
       * tab adopted, subscribers told) and the clock said whether the tokens are still valid.
       */
      unwatch ??= watchPageCache(
        () => {
          tabs?.stop();
          if (tabs) tabs = undefined;
        },
        () => {
          openTabs();
          if (!session.loaded) return;
          void dispatch(restoring);
          loading = reread(undefined, undefined, true);
        },
      );
      return (loading ??= reread(undefined, false));
    },
    subscribe: listeners.add,
    dispose(): void {
      unwatch?.();
      tabs?.stop();
      tabs = null;
      listeners.all.clear();
      observer = undefined;
    },
  };
}

/** The session engine of {@link createSessionEngine}. @internal */
export type SessionEngine = ReturnType<typeof createSessionEngine>;
