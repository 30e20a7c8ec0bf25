import { compareEntries, explicitEntry, type Entry } from './entry';
import type { RecordRead } from './record';
import { accessExpired } from './token-set';

/**
 * What a renewal was asked for: `force` (a `refresh()`: tokens later than
 * `since`, the session the caller saw) or valid tokens. @internal
 */
export interface RenewalAsk {
  readonly force: boolean;
  readonly since: Entry;
}

/** The clock a decision is taken by: now in epoch milliseconds, and the leeway before expiry. @internal */
export interface RenewalClock {
  readonly nowMs: number;
  readonly leewaySeconds: number;
}

/**
 * Whether the tokens of `entry` serve `ask` as they are: valid beyond the leeway
 * and, for a forced renewal, later than the session the caller saw. The one rule
 * of whether held tokens serve: the hot path, a wait for another tab's renewal
 * and {@link decideRenewal} all ask it. @internal
 */
export const serves = (
  entry: Entry,
  { nowMs, leewaySeconds }: RenewalClock,
  ask?: RenewalAsk,
): boolean =>
  !!entry.tokens &&
  !accessExpired(entry.tokens.accessToken, nowMs, leewaySeconds) &&
  (!ask?.force || compareEntries(entry, ask.since) > 0);

/**
 * What the renewing tab does, holding the lock:
 * - `use`: the best tokens known are good enough; no request.
 * - `refresh`: present the refresh token of `entry` (once: nobody else holds the lock).
 * - `anonymous`: no refresh token to present; fetch visitor tokens.
 *
 * `entry` is the session to start from: the later of the tokens held and the
 * stored ones, or none when the record was removed outside the library
 * (`cleared`). `write` asks to store `entry` back (a corrupt, missing or older
 * record). @internal
 */
export interface RenewalDecision {
  readonly action: 'use' | 'refresh' | 'anonymous';
  readonly entry: Entry;
  readonly cleared: boolean;
  readonly write: boolean;
}

/** What a renewal decision is taken on. @internal */
export interface RenewalFacts extends RenewalClock {
  /** The session held. */
  readonly held: Entry;
  /** What reading the stored record found. */
  readonly stored: RecordRead;
  /** Whether this tab saw a record there before: an empty one then means it was cleared by hand. */
  readonly sawRecord: boolean;
  /** What is asked; none: any valid tokens. */
  readonly ask?: RenewalAsk | undefined;
}

/**
 * The renewal decision, a pure function of the tokens held, what the stored
 * record holds (and whether this tab saw a record there before: an empty one
 * then means it was cleared by hand, a sign-out), what is asked (nothing: any valid
 * tokens) and the clock.
 * A corrupt or unreadable record never replaces the tokens held. @internal
 */
export function decideRenewal(facts: RenewalFacts): RenewalDecision {
  const { held, stored, sawRecord, ask } = facts;
  const found = typeof stored === 'object' ? stored : undefined;
  const later = !!found && compareEntries(found, held) > 0;
  const cleared = !!found && !found.tokens && !later && sawRecord && !!held.tokens;
  // Later than the session held, and no later than a sign-in elsewhere that storage has not shown yet.
  const entry = cleared ? explicitEntry(null, held, 0) : later ? found : held;
  // A cleared record is not written back: its entry has no tokens.
  const write =
    stored === 'corrupt' || (!!found && compareEntries(entry, found) > 0 && !!entry.tokens);
  const refreshToken = entry.tokens?.refreshToken;
  const action = serves(entry, facts, ask)
    ? 'use'
    : refreshToken?.value && refreshToken.role !== 'none'
      ? 'refresh'
      : 'anonymous';
  return { action, entry, cleared, write };
}
