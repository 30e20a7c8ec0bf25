import type { InspectionEvent } from '@site-identity/tokens';

const grantText = { refresh: 'refresh token', anonymous: 'visitor tokens' } as const;

/**
 * Which tab renewed or changed the session, and what it handed over: generation 0
 * opens an epoch (a sign-in, a sign-out or setTokens there), not a renewal. @internal
 */
export function handOffText({
  from,
  generation,
  epoch,
}: Extract<InspectionEvent, { type: 'hand-off' }>): string {
  const tab = from === 'this-tab' ? 'this tab' : 'another tab';
  return generation > 0
    ? `${tab} renewed, generation ${generation}`
    : `${tab} changed the session, epoch ${epoch}`;
}

/**
 * One line of the event log for `event`: what happened, why, where, how long.
 * Never a token value (the events carry none). @internal
 */
export function describeEvent(event: InspectionEvent): string {
  switch (event.type) {
    case 'session': {
      const where = event.inOtherTab ? ', in another tab' : '';
      const why = event.ended ? `: session ended (${event.ended.reason}${where})` : where;
      return `${event.event} → ${event.status}${why} · generation ${event.generation}`;
    }
    case 'renewal-start':
      return `Renewal started (${grantText[event.grant]})`;
    case 'renewal-end': {
      const error = event.error ? `: ${event.error.code}` : '';
      const result = event.outcome === 'renewed' ? ` → generation ${event.generation}` : '';
      return `Renewal ${event.outcome} (${grantText[event.grant]}) in ${event.durationMs} ms${result}${error}`;
    }
    case 'hand-off':
      return `Hand-off: ${handOffText(event)}`;
    case 'retry':
      return `Automatic renewal backs off: next try in ${(event.delayMs / 1000).toFixed(1)} s`;
    case 'error':
      return `Error ${event.error.code}: ${event.error.message}`;
    case 'restored':
      return 'Page restored from the back/forward cache: session read again';
  }
}
