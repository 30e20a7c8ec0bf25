import type { Entry } from './entry';
import { after, type MaybePromise, type StoredRecord } from './record';
import type { SessionEffects } from './session-transition';
import type { TabChannel } from './tab-channel';

/** What running the record effects of transitions needs. @internal */
export interface RecordEffectsOptions {
  readonly record: StoredRecord;
  /** The tab channel open now, if any. */
  readonly tabs: () => TabChannel | undefined;
  /** Repairs the stored record, holding the lock. */
  readonly repair: () => Promise<unknown>;
  /** Hears each session the storage kept. */
  readonly stored: (held: Entry) => void;
  /** Hears each session stored and posted to the other tabs (the inspection's hand-off). */
  readonly handedOff: (held: Entry) => void;
}

/**
 * Runs the record effect of a transition on the session `held` (see `RecordEffect`):
 * `repair` in the background; else a write, then what follows it: a renewal's session
 * (`share`) is posted, an explicit one (`replace`) posted again only when the storage
 * failed, and otherwise checked by a repair against a renewal that ended meanwhile
 * (when the tabs have a lock); a `rewrite` is the write alone. @internal
 */
export function createRecordEffects({
  record,
  tabs,
  repair,
  stored,
  handedOff,
}: RecordEffectsOptions) {
  return function runRecordEffect(held: Entry, effects: SessionEffects): MaybePromise<unknown> {
    const { record: effect, reason } = effects;
    if (effect === 'repair') return void repair();
    if (!effect) return;
    return after(record.write(held), (ok) => {
      if (ok) stored(held);
      if (effect === 'rewrite') return;
      const channel = tabs();
      if (effect === 'share' || !ok) channel?.post({ ...held, reason, unstored: !ok });
      else if (channel?.locked) void repair();
      if (effect === 'share' && channel) handedOff(held);
    });
  };
}
