import { compareEntries, NO_ENTRY, type Entry } from './entry';
import type { TokensError } from './errors';
import type { RecordRead } from './record';
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
import { sameTokens } from './token-set';

/** The session of one tab: everything the token manager changes, in one value. @internal */
export interface Session {
  /** The session this tab holds. */
  readonly held: Entry;
  /** The record as this tab last read or wrote it: after a token set, an empty record is a sign-out by hand. */
  readonly seen: Entry;
  /** What subscribers see; {@link LOADING} until the record was read. */
  readonly snapshot: SessionSnapshot;
  /** The session whose refresh token the platform just rejected, while visitor tokens come. */
  readonly rejected?: Entry | undefined;
  /** The base of another tab's renewal under way, whose hand-off has not arrived yet. */
  readonly handOff?: Entry | undefined;
}

/** The session before anything was read. @internal */
export const INITIAL_SESSION: Session = { held: NO_ENTRY, seen: NO_ENTRY, snapshot: LOADING };

/**
 * What happened to the session of a tab: the only input of {@link transition}.
 * - `loaded`: the record was read for the first time (`quiet`: synchronously, before anyone listened);
 * - `decided`: the record was read again and the renewal decision taken on it (`repair`: write back a bad record);
 * - `heard`: a message from another tab;
 * - `renewing`: this tab holds the lock and renews `entry` (presents its refresh token, or fetches visitor tokens);
 * - `renewed`: the renewal made `entry`, or ended with nothing new (none);
 * - `rejected`: the platform rejected the refresh token; `entry` (no tokens) stands until visitor tokens come;
 * - `dropped`: the visitor tokens did not come either: the session is the rejected one;
 * - `replaced`: an explicit change (sign-in, `setTokens`, `clear`);
 * - `rewrite`: the held session is written again (over a corrupt, missing or older record), `share`: and posted;
 * - `stored`: a write ended (`ok`: stored);
 * - `failed`: a renewal failed; `retrying`: an automatic one tries again `at`; `succeeded`: a renewal ended with tokens;
 * - `handedOff`: this tab stopped waiting for the hand-off of another tab's renewal.
 * @internal
 */
export type SessionChange =
  | { readonly type: 'loaded'; readonly read: RecordRead; readonly quiet: boolean }
  | {
      readonly type: 'decided';
      readonly read: RecordRead;
      readonly decision: RenewalDecision;
      readonly repair: boolean;
    }
  | { readonly type: 'heard'; readonly message: TabMessage }
  | {
      readonly type: 'renewing' | 'renewed' | 'rejected' | 'dropped';
      readonly entry?: Entry | undefined;
      readonly reason?: SessionEndReason | undefined;
    }
  | { readonly type: 'replaced'; readonly entry: Entry }
  | { readonly type: 'rewrite'; readonly share: boolean }
  | { readonly type: 'stored'; readonly write: Write; readonly ok: boolean; readonly locked: boolean }
  | { readonly type: 'failed'; readonly error: TokensError }
  | { readonly type: 'retrying'; readonly at: number }
  | { readonly type: 'succeeded' | 'handedOff' };

/**
 * A write of the record: `entry`, then `tell` posted (`unstored` when it failed); `repair`:
 * then written again holding the lock, should a renewal that ended meanwhile have written
 * an older session over it. @internal
 */
export interface Write {
  readonly entry: Entry;
  readonly tell?: TabMessage | undefined;
  readonly repair?: boolean | undefined;
}

/**
 * What the token manager does after a transition: a new snapshot is published
 * (with `event`), a moved session reschedules automatic renewal and wakes the
 * waits that watch it; then `tell` is posted, a `repair` started, `write` done. @internal
 */
export interface Effects {
  readonly event?: SessionEvent | undefined;
  readonly tell?: TabMessage | undefined;
  readonly repair?: boolean | undefined;
  readonly write?: Write | undefined;
}

type Step = readonly [Session, Effects?];

/** The one shape of every message to the other tabs. */
const message = (entry: Entry, fields: Partial<TabMessage> = {}): TabMessage => ({
  entry,
  reason: undefined,
  unstored: false,
  renewing: undefined,
  ask: false,
  ...fields,
});

/**
 * Makes `entry` the session held when it is later than the one held (the one
 * ordering of sessions, {@link compareEntries}); the snapshot and its event
 * follow from the move. Before the record was read nothing is published.
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
  const same = sameTokens(held.tokens, entry.tokens);
  if (snapshot === LOADING || (same && !snapshot.error)) return [moved];
  const event = eventFor(held.tokens, entry.tokens, reason === 'refresh_rejected');
  const ended =
    event === 'SESSION_EXPIRED' || event === 'SIGNED_OUT'
      ? { reason, inOtherTab }
      : event === 'SIGNED_IN'
        ? undefined
        : snapshot.ended;
  return [{ ...moved, snapshot: snapshotOf(entry.tokens, undefined, ended) }, same ? undefined : event];
}

/**
 * Another tab's message: its session is adopted when later; a later one held here
 * answers an ask; a renewal elsewhere is waited for (its hand-off) by the next
 * holder of the lock; a session its sender could not store is stored here.
 */
function heard(session: Session, { entry, reason, unstored, renewing, ask }: TabMessage): Step {
  const mine = session.rejected ?? session.held;
  const tell = ask && compareEntries(mine, entry) > 0 ? message(mine) : undefined;
  const [next, event] = accept(session, entry, reason, true);
  const took = next.held !== session.held;
  if (renewing === undefined) return [next, { event, tell, repair: took && unstored }];
  const handOff = renewing && compareEntries(next.held, entry) <= 0 ? entry : undefined;
  return [{ ...next, handOff }, { event, tell }];
}

/** A new session made here (a renewal, an explicit change): stored, then posted. */
function made(session: Session, entry: Entry, reason?: SessionEndReason, repair = false): Step {
  const [next, event] = accept(session, entry, reason);
  if (next.held === session.held)
    // A sign-in or another tab's later session meanwhile won: the renewal ends with nothing new.
    return [next, { event, tell: message(next.held, { renewing: false }) }];
  return [next, { event, write: { entry, tell: message(entry, { reason }), repair } }];
}

/** The snapshot carries a failure (and when the next automatic try is) until the next success. */
function showing(session: Session, error: TokensError | undefined, retryAt?: number): Session {
  const { held, snapshot } = session;
  if (!error && !snapshot.error) return session;
  return { ...session, snapshot: snapshotOf(held.tokens, error, snapshot.ended, retryAt) };
}

/**
 * The one transition of a tab's session: what happened in, the new session and
 * what to do about it out (publish, post to the other tabs, write the record).
 * Pure: the token manager runs the effects, and changes its session nowhere else.
 * @internal
 */
export function transition(session: Session, change: SessionChange): Step {
  const { held, seen, rejected, snapshot } = session;
  switch (change.type) {
    case 'loaded': {
      if (snapshot !== LOADING) return [session];
      const read = change.read.kind === 'entry' ? change.read.entry : seen;
      const best = compareEntries(read, held) > 0 ? read : held;
      // A tab whose storage failed may hold a later session than the record: it answers.
      const tell = message(best, { ask: true });
      return [{ ...session, held: best, seen: read, snapshot: snapshotOf(best.tokens) }, { tell }];
    }
    case 'decided': {
      const { read, decision } = change;
      const reason = decision.cleared ? 'storage_cleared' : undefined;
      const visible = { ...session, seen: read.kind === 'entry' ? read.entry : seen };
      const [next, event] = accept(visible, decision.entry, reason, true);
      return [next, { event, repair: change.repair && decision.write }];
    }
    case 'heard':
      return heard(session, change.message);
    case 'renewing': {
      const { entry = held, reason } = change;
      return [session, { tell: message(entry, { reason, renewing: true, ask: true }) }];
    }
    case 'renewed': {
      const done = { ...session, rejected: undefined };
      if (change.entry) return made(done, change.entry, change.reason);
      return [done, { tell: message(held, { renewing: false }) }];
    }
    case 'rejected': {
      // The rejected refresh token is never presented again, in another tab either (should this
      // one close now): the others hear of no tokens until the visitor ones, which take the same
      // rank; this tab goes straight to them.
      const { entry = held, reason } = change;
      return [{ ...session, rejected: entry }, { tell: message(entry, { reason }) }];
    }
    case 'dropped': {
      const [next, event] = accept({ ...session, rejected: undefined }, rejected ?? held, change.reason);
      return [next, { event }];
    }
    case 'replaced':
      return made(session, change.entry, 'signed_out', true);
    case 'rewrite': {
      const tell = change.share ? message(held) : undefined;
      return [session, { write: { entry: held, tell } }];
    }
    case 'stored': {
      const { write, ok, locked } = change;
      const tell = write.tell && { ...write.tell, unstored: !ok };
      const repair = ok && locked && write.repair;
      return [ok ? { ...session, seen: write.entry } : session, { tell, repair }];
    }
    case 'failed':
      return [showing(session, change.error)];
    case 'retrying':
      return [showing(session, snapshot.error, change.at)];
    case 'succeeded':
      return [showing(session, undefined)];
    case 'handedOff':
      return [{ ...session, handOff: undefined }];
  }
}
