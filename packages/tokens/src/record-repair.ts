import type { MaybePromise, RecordRead } from './record';
import type { TabChannel } from './tab-channel';

/** What a repair of the stored record needs. @internal */
export interface RecordRepairOptions {
  /** Reads the stored record. */
  readonly read: () => MaybePromise<RecordRead>;
  /** Whether the session held should be written over what was read (corrupt, missing or older). */
  readonly stale: (found: RecordRead) => boolean;
  /** Writes the session held again. */
  readonly rewrite: () => MaybePromise<unknown>;
  /** The tab channel open now, whose lock a repair holds. */
  readonly tabs: () => TabChannel | undefined;
  readonly lockTimeoutMs: number;
}

/**
 * The repair of the stored record: holding the renewal lock (no request is made), it
 * reads the record and writes the session held over a corrupt, missing or older one.
 * One repair at a time; a failed one is given up (the next change tries again). @internal
 */
export function createRecordRepair({
  read,
  stale,
  rewrite,
  tabs,
  lockTimeoutMs,
}: RecordRepairOptions) {
  let repairing: Promise<unknown> | undefined;
  async function fix(): Promise<void> {
    if (stale(await read())) await rewrite();
  }
  return function repair(): Promise<unknown> {
    const channel = tabs();
    return (repairing ??= (channel ? channel.exclusive(fix, lockTimeoutMs) : fix())
      .catch(() => undefined)
      .finally(() => (repairing = undefined)));
  };
}
