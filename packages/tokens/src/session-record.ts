import type { EngineSettings } from './engine-settings';
import { compareEntries, NO_ENTRY, type Entry } from './entry';
import { after, createStoredRecord, type MaybePromise, type RecordRead } from './record';
import { decideRenewal, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import type { SessionAction, SessionEffects } from './session-transition';
import type { TabChannel } from './tab-channel';
import type { TokensError } from './tokens-error';

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

/** What the stored record of a session engine needs. @internal */
export interface SessionRecordOptions {
  readonly settings: EngineSettings;
  /** The session held now. */
  readonly held: () => Entry;
  /** The tab channel open now, if any. */
  readonly tabs: () => TabChannel | undefined;
  /** The engine's one writer, which the reads and the repair report to. */
  readonly dispatch: (action: SessionAction) => MaybePromise<unknown>;
  /** Hears a storage problem (`STORAGE_CORRUPT`, `STORAGE_UNAVAILABLE`). */
  readonly report: (error: TokensError) => void;
  /** Hears each session stored and posted to the other tabs (the inspection's hand-off). */
  readonly handedOff: (held: Entry) => void;
}

/**
 * The stored record as a session engine uses it: its reads, each ending in a `read`
 * action with the renewal decision taken on it; the record effects of transitions
 * (`runRecordEffect`); and the repair they ask for. It keeps the record as this tab last
 * read or wrote it (`seen`): after a token set, an empty record is a sign-out by hand. @internal
 */
export function createSessionRecord(options: SessionRecordOptions) {
  const { settings, held, tabs, dispatch, handedOff } = options;
  const { now, leewaySeconds, lockTimeoutMs } = settings;
  const record = createStoredRecord({
    storage: settings.store,
    key: settings.key,
    now: settings.now,
    report: options.report,
  });
  let seen = NO_ENTRY;
  /** The repair under way. */
  let repairing: Promise<unknown> | undefined;

  /** The renewal decision on the session held and the record `found`. */
  function decide(found: RecordRead, { ask, sawRecord }: RecordReadOptions): RenewalDecision {
    const session = held();
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    const signedOutByHand = sawRecord ?? (!!seen.tokens && compareEntries(session, seen) <= 0);
    const facts = { held: session, stored: found, sawRecord: signedOutByHand, ask };
    return decideRenewal({ ...facts, nowMs: now(), leewaySeconds });
  }

  /**
   * Holding the renewal lock (no request is made), reads the record and writes the
   * session held over a corrupt, missing or older one. One repair at a time; a failed
   * one is given up (the next change tries again).
   */
  function repair(): Promise<unknown> {
    const fix = async () => {
      if (decide(await record.read(), RECORD_AS_FOUND).write)
        await dispatch({ type: 'rewrite', share: false });
    };
    const channel = tabs();
    return (repairing ??= (channel ? channel.exclusive(fix, lockTimeoutMs) : fix())
      .catch(() => undefined)
      .finally(() => (repairing = undefined)));
  }

  /**
   * After a write of `held` (`ok`: the storage kept it): a renewal's session (`share`)
   * is posted; an explicit one (`replace`) is posted again only when the storage failed,
   * and otherwise checked by a repair against a renewal that ended meanwhile (when the
   * tabs have a lock); a `rewrite` is the write alone.
   */
  function afterWrite(held: Entry, { record: effect, reason }: SessionEffects, ok: boolean) {
    if (ok) seen = held;
    if (effect === 'rewrite') return;
    const channel = tabs();
    if (effect === 'share' || !ok) channel?.post({ ...held, reason, unstored: !ok });
    else if (channel?.locked) void repair();
    if (effect === 'share' && channel) handedOff(held);
  }

  return {
    /** Reads the record and takes the renewal decision on it (a `read` action). */
    reread: (read: RecordReadOptions) =>
      after(record.read(), (found): RenewalDecision => {
        const decision = decide(found, read);
        if (typeof found === 'object') seen = found;
        void dispatch({ type: 'read', decision, repair: read.repair === true });
        return decision;
      }),
    /** Runs the record effect of a transition on the session `held` (see `RecordEffect`). */
    runRecordEffect(held: Entry, effects: SessionEffects): MaybePromise<unknown> {
      if (effects.record === 'repair') return void repair();
      if (effects.record) return after(record.write(held), (ok) => afterWrite(held, effects, ok));
    },
  };
}
