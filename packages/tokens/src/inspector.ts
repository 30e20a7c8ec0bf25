import { rankOf } from './entry';
import {
  isTokenEndpointError,
  isTokensError,
  type TokenEndpointError,
  type TokensError,
} from './tokens-error';
import type { InspectionEvent, SessionObserver, Unstamped } from './inspection-events';
import { createListeners } from './listeners';
import type { SessionAction } from './session-transition';

/**
 * Where the session of a transition came from: another tab's message (`heard`), the
 * record another tab wrote (`read`), or this tab (every other action).
 */
function originOf(action: SessionAction): 'message' | 'record' | 'this-tab' {
  switch (action.type) {
    case 'heard':
      return 'message';
    case 'read':
      return 'record';
    default:
      return 'this-tab';
  }
}

/**
 * The inspection of one manager: the observer its session engine reports to, which
 * makes the {@link InspectionEvent}s, stamped with the manager's clock, and tells
 * them to the listeners `inspect` adds (nothing is built while nobody listens). @internal
 */
export function createInspector(now: () => number) {
  const listeners = createListeners<[InspectionEvent]>();
  function emit(event: Unstamped): void {
    if (listeners.size()) listeners.tell(Object.freeze({ ...event, at: now() }));
  }
  /** A typed failure: a renewal's (from the snapshot) or another (a storage problem). */
  const failed = (error: TokensError | TokenEndpointError) => emit({ type: 'error', error });
  const observer: SessionObserver = {
    step({ before, next, event, published, action }) {
      const { held, snapshot, loaded } = next;
      const { status, ended, error } = snapshot;
      const wasLoading = before.snapshot.status === 'loading';
      const origin = originOf(action);
      const inOtherTab = origin !== 'this-tab';
      if (published && event)
        emit({ type: 'session', event, status, ended, inOtherTab, ...rankOf(held) });
      if (published && error && error !== before.snapshot.error) failed(error);
      // A session taken from another tab, by the channel or from storage (not the first
      // read, and not a record removed by hand, which is no tab's).
      const taken = inOtherTab && !(origin === 'record' && wasLoading);
      if (taken && held !== before.held && !(ended?.reason === 'storage_cleared' && !held.tokens))
        emit({ type: 'hand-off', from: 'other-tab', ...rankOf(held) });
      if (loaded && !before.loaded && !wasLoading) emit({ type: 'restored' });
    },
    handedOff: (held) => emit({ type: 'hand-off', from: 'this-tab', ...rankOf(held) }),
    failed,
    async request(grant, base, send) {
      const startedAt = now();
      const end = (outcome: 'renewed' | 'rejected' | 'failed', error?: unknown) =>
        emit({
          type: 'renewal-end',
          grant,
          epoch: base.epoch,
          generation: base.generation + 1,
          startedAt,
          durationMs: now() - startedAt,
          outcome,
          error: isTokensError(error) || isTokenEndpointError(error) ? error : undefined,
        });
      emit({ type: 'renewal-start', grant, ...rankOf(base) });
      try {
        const value = await send();
        end('renewed');
        return value;
      } catch (error) {
        end(isTokenEndpointError(error) && error.invalidGrant ? 'rejected' : 'failed', error);
        throw error;
      }
    },
    retry: (delayMs, retryAt) => emit({ type: 'retry', delayMs, retryAt }),
  };
  return { ...observer, inspect: listeners.add };
}
