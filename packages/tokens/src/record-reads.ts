import { compareEntries, NO_ENTRY, type Entry } from './entry';
import { after, type RecordRead, type StoredRecord } from './record';
import { decideRenewal, type RenewalAsk, type RenewalDecision } from './renewal-decision';

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

/** What reading the record needs. @internal */
export interface RecordReadsOptions {
  readonly record: StoredRecord;
  /** The session held now. */
  readonly held: () => Entry;
  readonly now: () => number;
  readonly leewaySeconds: number;
  /** Hears each decision taken on a read (the session engine's `read` action). */
  readonly decided: (decision: RenewalDecision, read: RecordReadOptions) => void;
}

/**
 * The reads of the stored record and the renewal decisions taken on them. It keeps the
 * record as this tab last read or wrote it (`seen`): after a token set, an empty record
 * is a sign-out by hand. @internal
 */
export function createRecordReads({
  record,
  held,
  now,
  leewaySeconds,
  decided,
}: RecordReadsOptions) {
  let seen = NO_ENTRY;

  /** The renewal decision on the session held and the record `found`. */
  function decide(found: RecordRead, { ask, sawRecord }: RecordReadOptions): RenewalDecision {
    const session = held();
    // An empty record is a sign-out by hand once storage showed the session held (or a later one).
    const signedOutByHand = sawRecord ?? (!!seen.tokens && compareEntries(session, seen) <= 0);
    return decideRenewal({
      held: session,
      stored: found,
      sawRecord: signedOutByHand,
      ask,
      nowMs: now(),
      leewaySeconds,
    });
  }

  return {
    decide,
    /** Reads the record and takes the renewal decision on it. */
    reread: (read: RecordReadOptions) =>
      after(record.read(), (found): RenewalDecision => {
        const decision = decide(found, read);
        if (typeof found === 'object') seen = found;
        decided(decision, read);
        return decision;
      }),
    /** The storage kept `entry`. */
    stored(entry: Entry): void {
      seen = entry;
    },
  };
}
