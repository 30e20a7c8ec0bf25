import type { EngineSettings } from './engine-settings';
import type { Entry } from './entry';
import { createStoredRecord, type MaybePromise } from './record';
import { createRecordEffects } from './record-effects';
import { createRecordReads, RECORD_AS_FOUND } from './record-reads';
import { createRecordRepair } from './record-repair';
import type { SessionAction } from './session-transition';
import type { TabChannel } from './tab-channel';
import type { TokensError } from './tokens-error';

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
  /** Hears each session stored and posted to the other tabs. */
  readonly handedOff: (held: Entry) => void;
}

/**
 * The stored record as a session engine uses it: its reads, each ending in a `read`
 * action; the record effects of transitions (`runRecordEffect`); the repair they ask
 * for, whose write is a `rewrite` action. @internal
 */
export function createSessionRecord(options: SessionRecordOptions) {
  const { settings, held, tabs, dispatch, report, handedOff } = options;
  const { store, key, now, leewaySeconds, lockTimeoutMs } = settings;
  const record = createStoredRecord(store, key, report);
  const reads = createRecordReads({
    record,
    held,
    now,
    leewaySeconds,
    decided: (decision, read) =>
      void dispatch({ type: 'read', decision, repair: read.repair === true }),
  });
  const repair = createRecordRepair({
    read: record.read,
    stale: (found) => reads.decide(found, RECORD_AS_FOUND).write,
    rewrite: () => dispatch({ type: 'rewrite', share: false }),
    tabs,
    lockTimeoutMs,
  });
  const runRecordEffect = createRecordEffects({
    record,
    tabs,
    repair,
    stored: reads.stored,
    handedOff,
  });
  return { reread: reads.reread, runRecordEffect };
}
