import { keyedFlight } from '@site-identity/http/internal';
import { compareEntries, NO_ENTRY, type Entry } from './entry';
import { after, type MaybePromise, type RecordRead, type StoredRecord } from './record';
import { decideRenewal, serves, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import { createSessionView, LOADING } from './session';
import type { Tokens } from './types';
import {
  INITIAL_SESSION,
  transition,
  type ChangeData,
  type Session,
  type SessionChange,
} from './session-transition';
import type { TokenStorage } from './storage';
import {
  openTabChannel,
  type TabChannel,
  type TabEnvironment,
  type TabMessage,
} from './tab-channel';

/** What a tab waits beyond the holder's requests: storage, the channel, a busy page. @internal */
export const LOCK_MARGIN_MS = 2_000;

/** Any valid tokens: what a call that does not force a renewal asks for. @internal */
export const ANY_TOKENS: RenewalAsk = { force: false, since: NO_ENTRY };

/** What {@link createSessionEngine} needs. @internal */
export interface SessionEngineSettings {
  readonly clientId: string;
  readonly key: string;
  readonly crossTab: boolean | TabEnvironment;
  readonly store: () => TokenStorage;
  readonly record: StoredRecord;
  readonly now: () => number;
  readonly leewaySeconds: number;
  readonly lockTimeoutMs: number;
  /** The held session moved (automatic renewal reschedules). */
  readonly moved?: (() => void) | undefined;
}

/** A wait for a condition on the session; `stop()` gives it up. @internal */
export interface SessionWait {
  readonly promise: Promise<void>;
  stop(): void;
}

/**
 * A wait until `done()` holds, checked by each of `waiting` (whenever the session
 * moves) and, with `bound`, at once and ended after `bound` ms. @internal
 */
export function waitUntil(
  waiting: Set<() => void>,
  done: () => boolean,
  bound?: number,
): SessionWait {
  let stop!: () => void;
  const promise = new Promise<void>((resolve) => {
    const finish = () => {
      stop();
      resolve();
    };
    const check = () => {
      if (done()) finish();
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

/** The tab channel of `settings`: the browser's tabs in a browser; a given environment anywhere. */
function openTabs(
  { clientId, key, crossTab, store }: SessionEngineSettings,
  hear: (message: TabMessage) => void,
  storageChanged: () => void,
): TabChannel | undefined {
  if (crossTab && (crossTab !== true || globalThis.window))
    return openTabChannel(
      `site-identity:${clientId}`,
      key,
      crossTab === true ? {} : crossTab,
      store(),
      hear,
      storageChanged,
    );
}

/**
 * The one writer of a tab's session: it holds the {@link Session}, changes it only
 * through {@link transition} (`dispatch`) and runs what the transition asks for:
 * publish to subscribers, post to the other tabs, write the record. It also reads
 * the record once (`load`), hears the other tabs and the storage, and lets waits
 * watch the session. @internal
 */
export function createSessionEngine(settings: SessionEngineSettings) {
  const { record, now, leewaySeconds } = settings;
  const view = createSessionView();
  const waiting = new Set<() => void>();
  const once = keyedFlight();
  let session = INITIAL_SESSION;
  /** The tab channel; `null` once disposed. */
  let tabs: TabChannel | null | undefined;
  let loading: unknown;

  function dispatch<K extends SessionChange>(
    change: K,
    ...data: ChangeData<K>
  ): MaybePromise<void> {
    const { held, handOff, snapshot } = session;
    const [next, effects = {}] = transition(session, change, ...data);
    session = next;
    const { tell, repair: fix, write } = effects;
    if (next.snapshot !== snapshot && !effects.quiet) view.show(next.snapshot, effects.event);
    if (next.held !== held) settings.moved?.();
    if (next.held !== held || next.handOff !== handOff) for (const check of [...waiting]) check();
    if (tell) tabs?.post(tell);
    if (fix) void repair();
    if (write)
      return after(record.write(write.entry), (ok) =>
        dispatch('stored', write, ok, !!tabs?.locked),
      );
  }

  /** The renewal decision on the session held and the record `read`. */
  const decide = (ask: RenewalAsk, read: RecordRead, sawRecord?: boolean): RenewalDecision => {
    const { held, seen } = session;
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    sawRecord ??= !!seen.tokens && compareEntries(held, seen) <= 0;
    return decideRenewal(held, read, sawRecord, ask, now(), leewaySeconds);
  };

  /**
   * Reads the record and takes the renewal decision for `ask` on it, as the change
   * `decided` (`repair`: write back a bad record); the first read ends loading,
   * silently when the storage answered at once.
   */
  const reread = (
    ask = ANY_TOKENS,
    sawRecord?: boolean,
    repair = false,
  ): MaybePromise<RenewalDecision> =>
    after(record.read(), (read) => {
      const decision = decide(ask, read, sawRecord);
      void dispatch('decided', read, decision, repair, !loading);
      return decision;
    });

  /** Writes the session held over a corrupt or older record, holding the lock (no request). */
  function repair(): Promise<unknown> {
    const fix = async () => {
      if (decide(ANY_TOKENS, await record.read(), false).write) await dispatch('rewrite', false);
    };
    const never = new Promise<never>(() => {});
    return once('repair', () => {
      const fixing: Promise<unknown> = tabs
        ? tabs.exclusive(fix, settings.lockTimeoutMs, never)
        : fix();
      return fixing.catch(() => undefined);
    });
  }

  return {
    get session(): Session {
      return session;
    },
    tabs: () => tabs ?? undefined,
    dispatch,
    reread,
    /** The tokens held once the record was read, when they serve `ask` as they are (the renewal decision's rule). */
    usable(ask = ANY_TOKENS): Tokens | undefined {
      const { held, snapshot } = session;
      if (snapshot !== LOADING && serves(held, ask, now(), leewaySeconds)) return held.tokens;
    },
    /** Resolves once `done()` holds, checked whenever the session moves. */
    until: (done: () => boolean) => waitUntil(waiting, done),
    /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
    load(): MaybePromise<unknown> {
      if (session.snapshot !== LOADING) return;
      // Another tab changed the record: adopt a later session; a corrupt one never replaces ours.
      const storageChanged = () => void reread(ANY_TOKENS, undefined, true);
      tabs ??= openTabs(settings, (message) => void dispatch('heard', message), storageChanged);
      return (loading ??= reread(ANY_TOKENS, false));
    },
    /**
     * The tab granted the lock after another tab's renewal waits for that tab's
     * hand-off (posted before it let go, but a channel may deliver it after the
     * lock); at most {@link LOCK_MARGIN_MS}: a holder that closed mid-request sends none.
     */
    async awaitHandOff(): Promise<void> {
      const base: Entry | undefined = session.handOff;
      if (!base) return;
      const handedOff = () => session.handOff !== base || compareEntries(session.held, base) > 0;
      await waitUntil(waiting, handedOff, LOCK_MARGIN_MS).promise;
      void dispatch('handedOff');
    },
    subscribe: view.subscribe,
    dispose(): void {
      tabs?.stop();
      tabs = null;
      view.clear();
    },
  };
}

/** The session engine of {@link createSessionEngine}. @internal */
export type SessionEngine = ReturnType<typeof createSessionEngine>;
