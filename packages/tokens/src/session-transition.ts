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
 * What the token manager does after a transition, besides what follows from
 * comparing the sessions (a new snapshot is published; a moved session
 * reschedules automatic renewal and wakes the waits that watch it): post `tell`,
 * start a `repair`, do the `write`. @internal
 */
export interface Effects {
  readonly tell?: TabMessage | undefined;
  /** No one is told of the new snapshot (the first, synchronous read of the record). */
  readonly quiet?: boolean | undefined;
  readonly repair?: boolean | undefined;
  readonly write?: Write | undefined;
  /** The event of a new session (none for the first read, an error, or the same tokens). */
  readonly event?: SessionEvent | undefined;
}

/** A transition's result: the new session and its effects. @internal */
export type Step = readonly [Session, Effects?];

/** A message to the other tabs (the channel posts every field, in one shape). */
const message = (entry: Entry, fields?: Omit<TabMessage, 'entry'>): TabMessage => ({
  ...fields,
  entry,
});

/**
 * Makes `entry` the session held when it is later than the one held (the one
 * ordering of sessions, {@link compareEntries}), with the snapshot that follows;
 * before the record was read, silently. With the event of the change, if any.
 */
function accept(
  session: Session,
  entry: Entry,
  reason: SessionEndReason = 'signed_out',
  inOtherTab = false,
): [Session, SessionEvent?] {
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
  return [
    { ...moved, snapshot: snapshotOf(entry.tokens, undefined, ended) },
    same ? undefined : event,
  ];
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
  if (renewing === undefined)
    return [next, { tell, event, repair: next.held !== session.held && unstored }];
  const handOff = renewing && compareEntries(next.held, entry) <= 0 ? entry : undefined;
  return [
    { ...next, handOff },
    { tell, event },
  ];
}

/** A new session made here (a renewal, an explicit change): stored, then posted. */
function made(session: Session, entry: Entry, reason?: SessionEndReason, repair = false): Step {
  const [next, event] = accept(session, entry, reason);
  // A sign-in or another tab's later session meanwhile won: the renewal ends with nothing new.
  if (next.held === session.held) return [next, { tell: message(next.held, { renewing: false }) }];
  return [next, { event, write: { entry, tell: message(entry, { reason }), repair } }];
}

/**
 * The transitions of a tab's session, by what happened: each takes the session
 * and what came with the change, and returns the new session and what to do about
 * it (post to the other tabs, write the record, repair it). Pure: the session
 * engine runs the effects, publishes the snapshot when it changed, and changes the
 * session nowhere else.
 * @internal
 */
export const transitions = {
  /**
   * The record was read and the renewal decision taken on it (`repair`: write back a
   * bad record). The first read ends loading (`quiet`: synchronously, before anyone listened).
   */
  decided(
    session: Session,
    read: RecordRead,
    decision: RenewalDecision,
    repair = false,
    quiet = false,
  ): Step {
    const seen = read.kind === 'entry' ? read.entry : session.seen;
    const reason = decision.cleared ? 'storage_cleared' : undefined;
    const [next, event] = accept({ ...session, seen }, decision.entry, reason, true);
    if (session.snapshot !== LOADING) return [next, { event, repair: repair && decision.write }];
    // Loaded. A tab whose storage failed may hold a later session than the record: it answers.
    const tell = message(next.held, { ask: true });
    return [
      { ...next, snapshot: snapshotOf(next.held.tokens) },
      { tell, quiet },
    ];
  },
  heard,
  /** This tab holds the lock and renews `entry`: presents its refresh token, or fetches visitor tokens. */
  renewing: (session: Session, entry: Entry, reason?: SessionEndReason): Step => [
    session,
    { tell: message(entry, { reason, renewing: true, ask: true }) },
  ],
  /** The renewal made `entry`, or ended with nothing new (none). */
  renewed(session: Session, entry?: Entry, reason?: SessionEndReason): Step {
    const done = { ...session, rejected: undefined };
    if (entry) return made(done, entry, reason);
    return [done, { tell: message(session.held, { renewing: false }) }];
  },
  /**
   * The platform rejected the refresh token; `entry` (no tokens) stands until visitor
   * tokens come. The rejected refresh token is never presented again, in another tab
   * either (should this one close now): the others hear of no tokens until the visitor
   * ones, which take the same rank; this tab goes straight to them.
   */
  rejected: (session: Session, entry: Entry, reason?: SessionEndReason): Step => [
    { ...session, rejected: entry },
    { tell: message(entry, { reason }) },
  ],
  /** The visitor tokens after a rejection did not come either: the session is the rejected one. */
  dropped({ rejected, ...session }: Session, reason?: SessionEndReason): Step {
    const [next, event] = accept(session, rejected ?? session.held, reason);
    return [next, { event }];
  },
  /** An explicit change (sign-in, `setTokens`, `clear`). */
  replaced: (session: Session, entry: Entry): Step => made(session, entry, 'signed_out', true),
  /** The held session is written again (over a corrupt, missing or older record); `share`: and posted. */
  rewrite: (session: Session, share: boolean): Step => [
    session,
    { write: { entry: session.held, tell: share ? message(session.held) : undefined } },
  ],
  /** A write ended (`ok`: stored; `locked`: the tabs have a renewal lock). */
  stored(session: Session, write: Write, ok: boolean, locked: boolean): Step {
    const tell = write.tell && { ...write.tell, unstored: !ok };
    const repair = ok && locked && write.repair;
    return [ok ? { ...session, seen: write.entry } : session, { tell, repair }];
  },
  /**
   * A renewal failed with `error` (none: the last one succeeded); `retryAt`: an
   * automatic one tries again then. The snapshot carries a failure until the next success.
   */
  failure(session: Session, error: TokensError | undefined, retryAt?: number): Step {
    const { held, snapshot } = session;
    if (!error && !snapshot.error) return [session];
    return [{ ...session, snapshot: snapshotOf(held.tokens, error, snapshot.ended, retryAt) }];
  },
  /** This tab stopped waiting for the hand-off of another tab's renewal. */
  handedOff: (session: Session): Step => [{ ...session, handOff: undefined }],
};

/** What can happen to a tab's session: the name of a transition. @internal */
export type SessionChange = keyof typeof transitions;

/** What comes with the change `K`. @internal */
export type ChangeData<K extends SessionChange> = (typeof transitions)[K] extends (
  session: Session,
  ...data: infer D
) => Step
  ? D
  : never;

/**
 * The one transition of a tab's session: `change` (with its data) in, the new
 * session and its effects out. @internal
 */
export function transition<K extends SessionChange>(
  session: Session,
  change: K,
  ...data: ChangeData<K>
): Step {
  const step = transitions[change] as unknown as (session: Session, ...data: ChangeData<K>) => Step;
  return step(session, ...data);
}
