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
 * A transition's result: the new session and its effects, which the session engine
 * runs in this order: publish the new snapshot (when it is new) with `event`, post
 * `tell` to the other tabs, do `record` (`reason`: why the session before ended,
 * for the message after a write). A session that moved also reschedules automatic
 * renewal and wakes the waits that watch it. @internal
 */
export type Step = readonly [
  session: Session,
  event?: SessionEvent,
  tell?: TabMessage,
  record?: RecordEffect,
  reason?: SessionEndReason,
];

/**
 * Makes `entry` the session held when it is later than the one held (the one
 * ordering of sessions, {@link compareEntries}), with the snapshot and the event
 * that follow; before the record was read, silently.
 */
function accept(
  session: Session,
  entry: Entry,
  reason: SessionEndReason = 'signed_out',
  inOtherTab = false,
): readonly [Session, SessionEvent?] {
  const { held, snapshot } = session;
  if (compareEntries(entry, held) <= 0) return [session];
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
      : eventFor(held.tokens, entry.tokens, reason === 'refresh_rejected');
  if (snapshot === LOADING || (!event && !snapshot.error)) return [moved];
  const ended =
    event === 'SESSION_EXPIRED' || event === 'SIGNED_OUT'
      ? { reason, inOtherTab }
      : event === 'SIGNED_IN'
        ? undefined
        : snapshot.ended;
  return [{ ...moved, snapshot: snapshotOf(entry.tokens, undefined, ended) }, event];
}

/** A session made here (a renewal, an explicit change), written to the record for `reason`. */
function made(
  session: Session,
  entry: Entry,
  record: RecordEffect,
  reason?: SessionEndReason,
): Step {
  const [next, event] = accept(session, entry, reason);
  if (next.held === session.held) return [next, undefined, { ...entry, renewing: false }];
  return [next, event, record === 'replace' ? { ...entry, reason } : undefined, record, reason];
}

// The changes of a tab's session, by what happened: each takes the session and what
// came with the change, and returns the new session and its effects. Pure: nothing
// else changes the session.

/**
 * The record was read and the renewal decision taken on it: a later
 * session, or a sign-out by hand, is adopted (`repair`: then a bad record is
 * written back). The first read ends loading, as does the read after the page came
 * back from the back/forward cache; both ask the other tabs for a later session (a
 * tab whose storage failed may hold one).
 */
export function read(session: Session, decision: RenewalDecision, repair?: boolean): Step {
  const reason = decision.cleared ? 'storage_cleared' : undefined;
  const [next, event] = accept({ ...session, loaded: true }, decision.entry, reason, true);
  const tell = session.loaded ? undefined : { ...next.held, ask: true };
  // The first snapshot (no event before it was read: accept gives none) and no repair.
  if (session.snapshot === LOADING)
    return [{ ...next, snapshot: snapshotOf(next.held.tokens) }, undefined, tell];
  return [next, event, tell, repair && decision.write ? 'repair' : undefined];
}
/** The page came back from the back/forward cache: the record is read again before any token is served. */
export const restoring = (session: Session): Step => [{ ...session, loaded: false }];
/**
 * Another tab's message: a later session is adopted (and stored here when its
 * sender could not); a later one held here answers an ask; the next holder of the
 * lock waits for the hand-off of a renewal announced elsewhere.
 */
export function heard(
  session: Session,
  { reason, unstored, renewing, ask, ...entry }: TabMessage,
): Step {
  const mine = session.rejected ?? session.held;
  const tell = ask && compareEntries(mine, entry) > 0 ? mine : undefined;
  if (renewing !== undefined) {
    const handOff = renewing && compareEntries(session.held, entry) <= 0 ? entry : undefined;
    return [{ ...session, handOff }, undefined, tell];
  }
  if (ask) return [session, undefined, tell];
  const [next, event] = accept(session, entry, reason, true);
  return [next, event, tell, unstored && next !== session ? 'repair' : undefined];
}
/** This tab, holding the lock, renews `entry` (and asks for a later session first). */
export const renewing = (session: Session, entry: Entry): Step => [
  session,
  undefined,
  { ...entry, renewing: true, ask: true },
];
/** The renewal made `entry` (stored, then posted), or ended with nothing new. */
export function renewed(session: Session, entry?: Entry, reason?: SessionEndReason): Step {
  const done = { ...session, rejected: undefined };
  if (entry) return made(done, entry, 'share', reason);
  return [done, undefined, { ...session.held, renewing: false }];
}
/**
 * The platform rejected the refresh token; `entry` (no tokens) stands until
 * visitor tokens come. The other tabs hear of it at once, so that no tab presents
 * the rejected token again, should this one close now.
 */
export const rejected = (session: Session, entry: Entry, reason?: SessionEndReason): Step => [
  { ...session, rejected: entry },
  undefined,
  { ...entry, reason },
];
/** The visitor tokens after a rejection did not come either: the session is the rejected one. */
export const dropped = (session: Session, reason?: SessionEndReason): Step =>
  accept({ ...session, rejected: undefined }, session.rejected ?? session.held, reason);
/** An explicit change (sign-in, `setTokens`, `clear`): posted at once, then stored. */
export const replaced = (session: Session, entry: Entry): Step =>
  made(session, entry, 'replace', 'signed_out');
/** The session held is written again over a bad record (`share`: and posted). */
export const rewrite = (session: Session, share?: boolean): Step => [
  session,
  undefined,
  undefined,
  share ? 'share' : 'rewrite',
];
/**
 * A renewal failed with `error` (none: the last one succeeded); `retryAt`: an
 * automatic one tries again then. The snapshot carries the failure until the next success.
 */
export function failed(
  session: Session,
  error: TokensError | TokenEndpointError | undefined,
  retryAt?: number,
): Step {
  const { held, snapshot } = session;
  if (!error && !snapshot.error) return [session];
  return [{ ...session, snapshot: snapshotOf(held.tokens, error, snapshot.ended, retryAt) }];
}
/** This tab stopped waiting for the hand-off of another tab's renewal. */
export const handedOff = (session: Session): Step => [{ ...session, handOff: undefined }];
