import { compareEntries, NO_ENTRY, type Entry } from './entry';
import { engineSettings } from './engine-settings';
import type { SessionObserver } from './inspection-events';
import { createListeners } from './listeners';
import { after, createStoredRecord, type MaybePromise, type RecordRead } from './record';
import { createRecordRepair } from './record-repair';
import { decideRenewal, serves, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import { LOADING, type SessionListener } from './session';
import {
  INITIAL_SESSION,
  reduceSession,
  type RecordEffect,
  type Session,
  type SessionAction,
  type SessionEffects,
} from './session-transition';
import { waitUntil } from './session-wait';
import { createTabWiring } from './tab-wiring';
import type { TokenManagerOptions } from './token-manager-types';
import type { Tokens } from './types';

export { LOCK_MARGIN_MS } from './engine-settings';
export { waitUntil, type SessionWait } from './session-wait';

/**
 * How a read of the record is taken: for `ask` (none: any valid tokens); `sawRecord`:
 * whether an empty record is a sign-out by hand (by default, once storage showed the
 * session held); `repair`: a bad record is written back. @internal
 */
export interface RecordReadOptions {
  readonly ask?: RenewalAsk | undefined;
  readonly sawRecord?: boolean;
  readonly repair?: boolean;
}

/**
 * The read that ends loading, and the check after a rejected refresh token: an empty
 * record is no session there, never a sign-out by hand. @internal
 */
export const RECORD_AS_FOUND: RecordReadOptions = { sawRecord: false };

/**
 * The read after another tab changed the record, or after the page came back from the
 * back/forward cache: a later session is adopted, a corrupt or older record written back. @internal
 */
export const REPAIRING_READ: RecordReadOptions = { repair: true };

/** What the record effect of a transition came to, for what follows the write. */
interface Written {
  readonly held: Entry;
  readonly effect: Exclude<RecordEffect, 'repair'>;
  readonly reason: SessionEffects['reason'];
  /** Whether the storage kept it. */
  readonly ok: boolean;
}

/**
 * The one writer of a tab's session: it holds the {@link Session}, changes it only
 * through the reducer ({@link reduceSession}) over actions that are data (`dispatch`)
 * and runs the effects each transition returns: publish to subscribers, post to the
 * other tabs, write the record. It reads the record (`load`, `reread`), hears the other
 * tabs and the storage (through its tab wiring), and lets waits watch the session; it
 * reports each transition to the inspection's observer once one is attached. Its
 * settings come from the manager's options (checked here); `moved` hears when the
 * session held moved or the record was read. @internal
 */
export function createSessionEngine(options: TokenManagerOptions, moved: () => void) {
  const settings = engineSettings(options);
  const { now, leewaySeconds, lockTimeoutMs, store, key } = settings;
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
  /** The read that ends loading (or the one after the page was restored). */
  let loading: unknown;
  /** The record as this tab last read or wrote it: after a token set, an empty record is a sign-out by hand. */
  let seen = NO_ENTRY;
  const tabs = createTabWiring({
    settings,
    hear: (message) => void dispatch({ type: 'heard', message }),
    // Another tab changed the record: adopt a later session; a corrupt one never replaces ours.
    storageChanged: () => void reread(REPAIRING_READ),
    // No token is served until the record was read again and the clock said whether they are valid.
    restored() {
      if (!session.loaded) return;
      void dispatch({ type: 'restoring' });
      loading = reread(REPAIRING_READ);
    },
  });
  const repair = createRecordRepair({
    read: record.read,
    stale: (found) => decide(found, RECORD_AS_FOUND).write,
    rewrite: () => dispatch({ type: 'rewrite', share: false }),
    tabs: tabs.current,
    lockTimeoutMs,
  });

  /** The one writer: the reducer's transition for `action`, then its effects, each reported. */
  function dispatch(action: SessionAction): MaybePromise<unknown> {
    const before = session;
    const { session: next, effects } = reduceSession(before, action);
    session = next;
    const { held, snapshot } = next;
    // The first read of a synchronous storage ends loading before anyone listened.
    const published = snapshot !== before.snapshot && !(before.snapshot === LOADING && !loading);
    // A sign-out named again (no tokens before or after) corrects the snapshot: no second event.
    const event = before.held.tokens || held.tokens ? effects.event : undefined;
    if (published) listeners.tell(snapshot, event);
    observer?.step({ before, next, event: effects.event, published, action });
    if (next.loaded && (!before.loaded || held !== before.held)) moved();
    for (const check of [...waiting]) check();
    if (effects.tell) tabs.current()?.post(effects.tell);
    if (effects.record === 'repair') return void repair();
    if (effects.record) {
      const write = { held, effect: effects.record, reason: effects.reason };
      return after(record.write(held), (ok) => afterWrite({ ...write, ok }));
    }
  }

  /** After a write: a renewal's session is posted, an explicit one checked against a renewal that ended meanwhile. */
  function afterWrite({ held, effect, reason, ok }: Written): void {
    if (ok) seen = held;
    if (effect === 'rewrite') return;
    const channel = tabs.current();
    if (effect === 'share' || !ok) channel?.post({ ...held, reason, unstored: !ok });
    else if (channel?.locked) void repair();
    if (effect === 'share' && channel) observer?.handedOff(held);
  }

  /** The renewal decision on the session held and the record `found`. */
  function decide(found: RecordRead, { ask, sawRecord }: RecordReadOptions): RenewalDecision {
    const { held } = session;
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    const signedOutByHand = sawRecord ?? (!!seen.tokens && compareEntries(held, seen) <= 0);
    return decideRenewal(held, found, signedOutByHand, ask, now(), leewaySeconds);
  }

  /** Reads the record and takes the renewal decision on it; the first read ends loading. */
  const reread = (read: RecordReadOptions) =>
    after(record.read(), (found): RenewalDecision => {
      const decision = decide(found, read);
      if (typeof found === 'object') seen = found;
      void dispatch({ type: 'read', decision, repair: read.repair === true });
      return decision;
    });

  return {
    ...settings,
    get session(): Session {
      return session;
    },
    tabs: tabs.current,
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
      tabs.start();
      return (loading ??= reread(RECORD_AS_FOUND));
    },
    subscribe: listeners.add,
    dispose(): void {
      tabs.stop();
      listeners.clear();
      observer = undefined;
    },
  };
}

/** The session engine of {@link createSessionEngine}. @internal */
export type SessionEngine = ReturnType<typeof createSessionEngine>;
