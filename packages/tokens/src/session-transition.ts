import { compareEntries, NO_ENTRY, type Entry } from './entry';
import type { TokenEndpointError, TokensError } from './tokens-error';
import type { RenewalDecision } from './renewal-decision';
import {
  eventFor,
  LOADING,
  snapshotOf,
  type SessionEndReason,
  type SessionEvent,
  type SessionSnapshot,
} from './session';
import type { TabMessage } from './tab-channel';

/** The session of one tab: everything the token manager changes, in one value. @internal */
export interface Session {
  /** The session this tab holds. */
  readonly held: Entry;
  /** What subscribers see; {@link LOADING} until the record was read. */
  readonly snapshot: SessionSnapshot;
  /**
   * Whether the record was read: not before the first read, nor while it is read
   * again after the page came back from the back/forward cache (no token is served
   * until then).
   */
  readonly loaded?: boolean | undefined;
  /** The session whose refresh token the platform just rejected, while visitor tokens come. */
  readonly rejected?: Entry | undefined;
  /** The base of another tab's renewal under way, whose hand-off has not arrived yet. */
  readonly handOff?: Entry | undefined;
}

/** The session before anything was read. @internal */
export const INITIAL_SESSION: Session = {
  held: NO_ENTRY,
  snapshot: LOADING,
  // Every field from the start: the sessions the transitions make have one shape.
  loaded: false,
  rejected: undefined,
  handOff: undefined,
};

/**
 * What a transition asks of the stored record:
 * - `share`: write the session held, then post it (`unstored` when the storage failed): a renewal's;
 * - `replace`: write it (it was posted before); post it again only when the storage failed, and
 *   when it was stored, `repair` should the tabs have a lock (a renewal that ended meanwhile may
 *   have written an older session over it): an explicit change's;
 * - `rewrite`: write it, nothing else (the write of a repair);
 * - `repair`: holding the lock, read the record and write the session held over it when it is
 *   corrupt, missing or older. @internal
 */
export type RecordEffect = 'share' | 'replace' | 'rewrite' | 'repair';

/**
 * What happened to a tab's session, as data: the one input of {@link reduceSession}.
 * - `read`: the record was read and the renewal decision taken on it (`repair`: a bad
 *   record is written back);
 * - `restoring`: the page came back from the back/forward cache;
 * - `heard`: another tab's message;
 * - `renewing`: this tab, holding the lock, renews `entry`;
 * - `renewed`: the renewal made `entry` (none: it ended with nothing new);
 * - `rejected`: the platform rejected the refresh token; `entry` (no tokens) stands
 *   until visitor tokens come;
 * - `dropped`: the visitor tokens after a rejection did not come either;
 * - `replaced`: an explicit change (sign-in, `setTokens`, `clear`);
 * - `rewrite`: the session held is written again over a bad record (`share`: and posted);
 * - `failed`: a renewal failed with `error` (none: the last one succeeded); `retryAt`:
 *   an automatic one tries again then;
 * - `handed-off`: this tab stopped waiting for the hand-off of another tab's renewal.
 * @internal
 */
export type SessionAction =
  | { readonly type: 'read'; readonly decision: RenewalDecision; readonly repair: boolean }
  | { readonly type: 'restoring' }
  | { readonly type: 'heard'; readonly message: TabMessage }
  | { readonly type: 'renewing'; readonly entry: Entry }
  | { readonly type: 'renewed'; readonly entry?: Entry; readonly reason?: SessionEndReason }
  | { readonly type: 'rejected'; readonly entry: Entry; readonly reason?: SessionEndReason }
  | { readonly type: 'dropped'; readonly reason?: SessionEndReason | undefined }
  | { readonly type: 'replaced'; readonly entry: Entry }
  | { readonly type: 'rewrite'; readonly share: boolean }
  | {
      readonly type: 'failed';
      readonly error: TokensError | TokenEndpointError | undefined;
      readonly retryAt?: number;
    }
  | { readonly type: 'handed-off' };

/**
 * The effects of a transition, which the session engine runs in this order: publish
 * the new snapshot (when it is new) with `event`, post `tell` to the other tabs, do
 * `record` (`reason`: why the session before ended, for the message after a write). A
 * session that moved also reschedules automatic renewal and wakes the waits that watch
 * it. @internal
 */
export interface SessionEffects {
  readonly event?: SessionEvent | undefined;
  readonly tell?: TabMessage | undefined;
  readonly record?: RecordEffect | undefined;
  readonly reason?: SessionEndReason | undefined;
}

/** A transition's result: the new session and its effects. @internal */
export interface Transition {
  readonly session: Session;
  readonly effects: SessionEffects;
}

/** No effect: the new session alone. */
const NO_EFFECTS: SessionEffects = {};

/** The transition to `session`, with its `effects` (none by default). */
const transition = (session: Session, effects: SessionEffects = NO_EFFECTS): Transition => ({
  session,
  effects,
});

/** The session that accepting an entry made, and the event it tells. */
interface Accepted {
  readonly session: Session;
  readonly event?: SessionEvent | undefined;
}

/** Why a session ended, and whether another tab ended it, for {@link accept}. */
interface Ending {
  readonly reason?: SessionEndReason | undefined;
  readonly inOtherTab?: boolean;
}

/**
 * Makes `entry` the session held when it is later than the one held (the one
 * ordering of sessions, {@link compareEntries}), with the snapshot and the event
 * that follow; before the record was read, silently.
 */
function accept(
  session: Session,
  entry: Entry,
  { reason = 'signed_out', inOtherTab = false }: Ending = {},
): Accepted {
  const { held, snapshot } = session;
  if (compareEntries(entry, held) <= 0) return { session };
  const moved = { ...session, held: entry };
  // The same values: every token set held is built by freezeTokens, so equal sets serialise alike.
  const same = JSON.stringify(held.tokens) === JSON.stringify(entry.tokens);
  // A sign-out that storage showed first (a removed record) is named by the tab that made it.
  const named =
    same &&
    !entry.tokens &&
    snapshot.ended?.reason === 'storage_cleared' &&
    reason !== 'storage_cleared';
  // The same tokens again tell nothing, unless they end a failure shown.
  const event = named
    ? 'SIGNED_OUT'
    : same
      ? undefined
      : eventFor(held.tokens, entry.tokens, {
          expired: reason === 'refresh_rejected',
          replaced: entry.epoch !== held.epoch,
        });
  if (snapshot === LOADING || (!event && !snapshot.error)) return { session: moved };
  const ended =
    event === 'SESSION_EXPIRED' || event === 'SIGNED_OUT'
      ? { reason, inOtherTab }
      : event === 'SIGNED_IN'
        ? undefined
        : snapshot.ended;
  return { session: { ...moved, snapshot: snapshotOf(entry.tokens, { ended }) }, event };
}

/** A session made here (a renewal, an explicit change), written to the record for `reason`. */
function made(
  session: Session,
  entry: Entry,
  { record, reason }: { readonly record: 'share' | 'replace'; readonly reason?: SessionEndReason },
): Transition {
  const next = accept(session, entry, { reason });
  if (next.session.held === session.held)
    return transition(next.session, { tell: { ...entry, renewing: false } });
  const tell = record === 'replace' ? { ...entry, reason } : undefined;
  return transition(next.session, { event: next.event, tell, record, reason });
}

// The transitions of a tab's session, one per action: each takes the session and the
// action, and returns the new session and its effects. Pure: nothing else changes the session.

/**
 * A later session in the record, or a sign-out by hand, is adopted (`repair`: then a
 * bad record is written back). The first read ends loading, as does the read after the
 * page came back from the back/forward cache; both ask the other tabs for a later
 * session (a tab whose storage failed may hold one).
 */
function read(
  session: Session,
  { decision, repair }: { decision: RenewalDecision; repair: boolean },
): Transition {
  const reason = decision.cleared ? 'storage_cleared' : undefined;
  const next = accept({ ...session, loaded: true }, decision.entry, { reason, inOtherTab: true });
  const tell = session.loaded ? undefined : { ...next.session.held, ask: true };
  // The first snapshot (no event before it was read: accept gives none) and no repair.
  if (session.snapshot === LOADING)
    return transition(
      { ...next.session, snapshot: snapshotOf(next.session.held.tokens) },
      { tell },
    );
  const record = repair && decision.write ? 'repair' : undefined;
  return transition(next.session, { event: next.event, tell, record });
}

/**
 * A later session is adopted (and stored here when its sender could not); a later one
 * held here answers an ask; the next holder of the lock waits for the hand-off of a
 * renewal announced elsewhere.
 */
function heard(session: Session, { message }: { message: TabMessage }): Transition {
  const { reason, unstored, renewing, ask, ...entry } = message;
  const mine = session.rejected ?? session.held;
  const tell = ask && compareEntries(mine, entry) > 0 ? mine : undefined;
  if (renewing !== undefined) {
    const handOff = renewing && compareEntries(session.held, entry) <= 0 ? entry : undefined;
    return transition({ ...session, handOff }, { tell });
  }
  if (ask) return transition(session, { tell });
  const next = accept(session, entry, { reason, inOtherTab: true });
  const record = unstored && next.session !== session ? 'repair' : undefined;
  return transition(next.session, { event: next.event, tell, record });
}

/** The renewal made `entry` (stored, then posted), or ended with nothing new. */
function renewed(
  session: Session,
  { entry, reason }: { entry?: Entry | undefined; reason?: SessionEndReason | undefined },
): Transition {
  const done = { ...session, rejected: undefined };
  if (entry) return made(done, entry, { record: 'share', reason });
  return transition(done, { tell: { ...session.held, renewing: false } });
}

/** A renewal's failure, or its end (no `error`): the snapshot carries it until the next success. */
function failed(
  session: Session,
  { error, retryAt }: Extract<SessionAction, { type: 'failed' }>,
): Transition {
  const { held, snapshot } = session;
  if (!error && !snapshot.error) return transition(session);
  const failing = snapshotOf(held.tokens, {
    error,
    ended: snapshot.ended,
    nextRetryAt: retryAt,
  });
  return transition({ ...session, snapshot: failing });
}

/**
 * The one reducer of a tab's session: the new session and its effects for `action`.
 * Pure: the session engine runs the effects. @internal
 */
export function reduceSession(session: Session, action: SessionAction): Transition {
  switch (action.type) {
    case 'read':
      return read(session, action);
    case 'restoring':
      // The record is read again before any token is served.
      return transition({ ...session, loaded: false });
    case 'heard':
      return heard(session, action);
    case 'renewing':
      // Asks for a later session first: a tab holding one answers before the request.
      return transition(session, { tell: { ...action.entry, renewing: true, ask: true } });
    case 'renewed':
      return renewed(session, action);
    case 'rejected':
      // The other tabs hear of it at once, so that no tab presents the rejected token
      // again, should this one close now.
      return transition(
        { ...session, rejected: action.entry },
        { tell: { ...action.entry, reason: action.reason } },
      );
    case 'dropped': {
      // The session is the rejected one.
      const rejectedEntry = session.rejected ?? session.held;
      const next = accept({ ...session, rejected: undefined }, rejectedEntry, {
        reason: action.reason,
      });
      return transition(next.session, { event: next.event });
    }
    case 'replaced':
      // Posted at once, then stored.
      return made(session, action.entry, { record: 'replace', reason: 'signed_out' });
    case 'rewrite':
      return transition(session, { record: action.share ? 'share' : 'rewrite' });
    case 'failed':
      return failed(session, action);
    case 'handed-off':
      return transition({ ...session, handOff: undefined });
  }
}
