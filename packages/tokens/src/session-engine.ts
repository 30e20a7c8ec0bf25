import { keyedFlight } from '@site-identity/http';
import { compareEntries, NO_ENTRY, type Entry } from './entry';
import { after, type MaybePromise, type RecordRead, type StoredRecord } from './record';
import { decideRenewal, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import { createSessionView, LOADING } from './session';
import { INITIAL_SESSION, transition, type Session, type SessionChange } from './session-transition';
import type { TokenStorage } from './storage';
import { openTabChannel, type TabChannel, type TabEnvironment } from './tab-channel';

/** What a tab waits beyond the holder's requests: storage, the channel, a busy page. @internal */
export const LOCK_MARGIN_MS = 2_000;

/** Any valid tokens: what a call that does not force a renewal asks for. @internal */
export const ANY_TOKENS: RenewalAsk = { force: false, since: NO_ENTRY };

/** The decision from the tokens held alone (the record is not read). */
const HELD_ONLY: RecordRead = { kind: 'unavailable' };

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
 * The one writer of a tab's session: it holds the {@link Session}, changes it only
 * through {@link transition} (`dispatch`) and runs what the transition asks for:
 * publish to subscribers, post to the other tabs, write the record. It also reads
 * the record once (`load`), hears the other tabs and the storage, and lets waits
 * watch the session. @internal
 */
export function createSessionEngine(settings: SessionEngineSettings) {
  const { key, crossTab, record, now, leewaySeconds } = settings;
  const view = createSessionView();
  const waiting = new Set<() => void>();
  const once = keyedFlight();
  let session = INITIAL_SESSION;
  /** The tab channel; `null` once disposed. */
  let tabs: TabChannel | null | undefined;
  let loading: MaybePromise<void> | undefined;

  function dispatch(change: SessionChange): MaybePromise<void> {
    const previous = session;
    const [next, effects = {}] = transition(previous, change);
    session = next;
    const { event, tell, repair: fix, write } = effects;
    if (next.snapshot !== previous.snapshot && !(change.type === 'loaded' && change.quiet))
      view.show(next.snapshot, event);
    if (next.held !== previous.held) settings.moved?.();
    if (next.held !== previous.held || next.handOff !== previous.handOff)
      for (const check of [...waiting]) check();
    if (tell) tabs?.post(tell);
    if (fix) void repair();
    if (write)
      return after(record.write(write.entry), (ok) =>
        dispatch({ type: 'stored', write, ok, locked: !!tabs?.locked }),
      );
  }

  /** The renewal decision on the session held and `read` (default: the tokens held alone). */
  const decide = (ask: RenewalAsk, read = HELD_ONLY, sawRecord?: boolean): RenewalDecision => {
    const { held, seen } = session;
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    sawRecord ??= !!seen.tokens && compareEntries(held, seen) <= 0;
    return decideRenewal(held, read, sawRecord, ask, now(), leewaySeconds);
  };

  /** Another tab changed the record: adopt a later session; a corrupt one never replaces ours. */
  function storageChanged(): void {
    void after(record.read(), (read) => {
      const decision = decide({ force: false, since: session.held }, read);
      return dispatch({ type: 'decided', read, decision, repair: true });
    });
  }

  function start(): void {
    // The browser's tabs in a browser; a given environment anywhere.
    if (tabs === undefined && crossTab && (crossTab !== true || globalThis.window))
      tabs = openTabChannel(
        `site-identity:${settings.clientId}`,
        key,
        crossTab === true ? {} : crossTab,
        settings.store(),
        (message) => void dispatch({ type: 'heard', message }),
        storageChanged,
      );
  }

  /** Writes the session held over a corrupt or older record, holding the lock (no request). */
  function repair(): Promise<unknown> {
    const fix = async () => {
      const read = await record.read();
      if (decideRenewal(session.held, read, false, { force: false, since: session.held }, now(), 0).write)
        await dispatch({ type: 'rewrite', share: false });
    };
    const never = new Promise<never>(() => {});
    return once('repair', () => {
      const fixing: Promise<unknown> = tabs ? tabs.exclusive(fix, settings.lockTimeoutMs, never) : fix();
      return fixing.catch(() => undefined);
    });
  }

  /**
   * Resolves once `done()` holds, checked whenever the session moves (and at once
   * with `bound`, which also ends the wait after `bound` ms).
   */
  function until(done: () => boolean, bound?: number): SessionWait {
    let stop!: () => void;
    const promise = new Promise<void>((resolve) => {
      const finish = () => (stop(), resolve());
      const check = () => void (done() && finish());
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

  return {
    get session(): Session {
      return session;
    },
    tabs: () => tabs ?? undefined,
    record,
    dispatch,
    decide,
    until,
    /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
    load(): MaybePromise<void> {
      if (session.snapshot !== LOADING) return;
      start();
      return (loading ??= after(record.read(), (read) =>
        dispatch({ type: 'loaded', read, quiet: !loading }),
      ));
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
      await until(handedOff, LOCK_MARGIN_MS).promise;
      void dispatch({ type: 'handedOff' });
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
