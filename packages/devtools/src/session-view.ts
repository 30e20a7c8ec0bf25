import type { InspectionEvent, SessionSnapshot } from '@site-identity/tokens';
import { handOffText } from './describe-event';
import { clockDuration, expiryText } from './format';
import type { SessionRow } from './panel';

/** What the panel keeps from the events it heard, for the session table. @internal */
export interface Heard {
  renewals: number;
  lastRenewal?: Extract<InspectionEvent, { type: 'renewal-end' }>;
  lastHandOff?: Extract<InspectionEvent, { type: 'hand-off' }>;
  rank?: { epoch: number; generation: number };
}

/** Takes what the session table shows from `event`. @internal */
export function hear(heard: Heard, event: InspectionEvent): void {
  if (event.type === 'renewal-end') {
    heard.renewals += 1;
    heard.lastRenewal = event;
  }
  if (event.type === 'hand-off') heard.lastHandOff = event;
  if (event.type === 'session' || event.type === 'hand-off')
    heard.rank = { epoch: event.epoch, generation: event.generation };
}

/**
 * The text of every row of the session table but the member's (see `memberText`), at
 * `nowMs`. Never a token value. @internal
 */
export function sessionRows(
  snapshot: SessionSnapshot,
  heard: Heard,
  nowMs: number,
): Record<Exclude<SessionRow, 'member'>, string> {
  const { tokens, ended, nextRetryAt, error } = snapshot;
  const { lastRenewal: last, lastHandOff: handOff, rank } = heard;
  return {
    status: snapshot.status,
    expires: tokens ? expiryText(tokens.accessToken.expiresAt, nowMs) : '—',
    refresh: tokens ? `${tokens.refreshToken.role} refresh token` : 'none',
    generation: rank ? `${rank.epoch} · ${rank.generation}` : '—',
    renewals: last
      ? `${heard.renewals} (last: ${last.outcome} in ${last.durationMs} ms)`
      : String(heard.renewals),
    handOff: handOff ? handOffText(handOff) : '—',
    ended: ended
      ? `${ended.reason}${ended.inOtherTab ? ', in another tab' : ', in this tab'}`
      : '—',
    retry:
      error && nextRetryAt !== undefined
        ? `backing off after ${error.code}: next try in ${clockDuration(nextRetryAt - nowMs)}`
        : '—',
  };
}
