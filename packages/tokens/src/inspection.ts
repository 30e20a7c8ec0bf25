import type { Entry } from './entry';
import { createListeners } from './listeners';
import {
  isTokenEndpointError,
  isTokensError,
  type TokenEndpointError,
  type TokensError,
} from './errors';
import type { SessionEnd, SessionEvent, SessionStatus } from './session';

/**
 * What the token manager did, for a development panel, logs or traces. Every
 * event carries `at`, the manager's clock in epoch milliseconds when it
 * happened; none ever carries a token value.
 *
 * - `session`: the session changed (`event` as the subscribers heard it), with
 *   `ended` (why a session ended) and whether another tab caused the change;
 *   `epoch` and `generation` place it in the history of the session (an epoch
 *   per sign-in, sign-out or `setTokens`, a generation per renewal).
 * - `renewal-start` / `renewal-end`: one token request of a renewal (`grant`:
 *   the refresh token, or visitor tokens), with `durationMs` and `outcome`:
 *   `renewed`, `rejected` (the platform refused the refresh token: the session
 *   ends) or `failed` (the session is kept; `error` says why).
 * - `hand-off`: a session renewed or changed by this tab was handed to the
 *   other tabs (`from: 'this-tab'`), or one handed over by another tab was
 *   taken (`from: 'other-tab'`).
 * - `retry`: automatic renewal failed and waits `delayMs` before trying again
 *   (at `retryAt`); the waits grow with each failure, from at least 5 s to at most 2 minutes.
 * - `error`: a typed failure (a renewal that failed, a storage problem).
 * - `restored`: the page came back from the back/forward cache; the stored
 *   session and the clock were read again before any token was served.
 *
 * @example
 * ```ts
 * import type { InspectionEvent } from '@site-identity/tokens';
 * const line = (e: InspectionEvent) =>
 *   e.type === 'renewal-end' ? `${e.grant} ${e.outcome} in ${e.durationMs} ms` : e.type;
 * ```
 */
export type InspectionEvent =
  | {
      readonly type: 'session';
      readonly at: number;
      readonly event: SessionEvent;
      readonly status: SessionStatus;
      readonly ended?: SessionEnd | undefined;
      readonly inOtherTab: boolean;
      readonly epoch: number;
      readonly generation: number;
    }
  | {
      readonly type: 'renewal-start';
      readonly at: number;
      readonly grant: 'refresh' | 'anonymous';
      readonly epoch: number;
      readonly generation: number;
    }
  | {
      readonly type: 'renewal-end';
      readonly at: number;
      readonly grant: 'refresh' | 'anonymous';
      readonly epoch: number;
      readonly generation: number;
      readonly startedAt: number;
      readonly durationMs: number;
      readonly outcome: 'renewed' | 'rejected' | 'failed';
      readonly error?: TokensError | TokenEndpointError | undefined;
    }
  | {
      readonly type: 'hand-off';
      readonly at: number;
      readonly from: 'this-tab' | 'other-tab';
      readonly epoch: number;
      readonly generation: number;
    }
  | {
      readonly type: 'retry';
      readonly at: number;
      readonly delayMs: number;
      readonly retryAt: number;
    }
  | {
      readonly type: 'error';
      readonly at: number;
      readonly error: TokensError | TokenEndpointError;
    }
  | { readonly type: 'restored'; readonly at: number };

/**
 * Receives every {@link InspectionEvent}; one that throws cannot stop the
 * manager or the other listeners.
 *
 * @example
 * ```ts
 * import type { InspectionListener } from '@site-identity/tokens';
 * const trace: InspectionListener = (event) => console.debug('[session]', event.type, event.at);
 * ```
 */
export type InspectionListener = (event: InspectionEvent) => void;

/** An event before the clock stamps it. @internal */
export type Unstamped = InspectionEvent extends infer E
  ? E extends InspectionEvent
    ? Omit<E, 'at'>
    : never
  : never;

/**
 * The inspection listeners of one manager: `emit` stamps an event with the
 * clock and tells every listener (nothing is built while nobody listens);
 * `request` reports one token request as `renewal-start` and `renewal-end`. @internal
 */
export function createInspector(now: () => number) {
  const listeners = createListeners<[InspectionEvent]>();
  function emit(event: Unstamped): void {
    if (listeners.size) listeners.tell(Object.freeze({ ...event, at: now() }));
  }
  return {
    emit,
    async request<T>(
      grant: 'refresh' | 'anonymous',
      { epoch, generation }: Entry,
      send: () => Promise<T>,
    ): Promise<T> {
      const startedAt = now();
      const end = (outcome: 'renewed' | 'rejected' | 'failed', error?: unknown) =>
        emit({
          type: 'renewal-end',
          grant,
          epoch,
          generation: generation + 1,
          startedAt,
          durationMs: now() - startedAt,
          outcome,
          error: isTokensError(error) ? error : undefined,
        });
      emit({ type: 'renewal-start', grant, epoch, generation });
      try {
        const value = await send();
        end('renewed');
        return value;
      } catch (error) {
        end(isTokenEndpointError(error) && error.invalidGrant ? 'rejected' : 'failed', error);
        throw error;
      }
    },
    inspect: listeners.add,
    clear: listeners.clear,
  };
}
