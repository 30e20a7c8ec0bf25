import type { Entry } from './entry';
import type { TokenEndpointError, TokensError } from './tokens-error';
import type { SessionEnd, SessionEvent, SessionStatus } from './session';
import type { Session, SessionAction } from './session-transition';

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

/** A token request of a renewal: the refresh token's, or visitor tokens'. @internal */
export type Grant = 'refresh' | 'anonymous';

/**
 * A transition as the session engine reports it: the session `before` and `next`, the
 * `event` of a snapshot that was `published`, and the `action` that made it. @internal
 */
export interface ObservedStep {
  readonly before: Session;
  readonly next: Session;
  readonly event: SessionEvent | undefined;
  readonly published: boolean;
  readonly action: SessionAction;
}

/**
 * What the session engine reports, once `inspect` of `@site-identity/tokens/inspection`
 * attached an observer to it (the engine reports nothing before). @internal
 */
export interface SessionObserver {
  /** A transition of the session, as the engine ran it. */
  step(step: ObservedStep): void;
  /** The session held, made here, was stored and posted to the other tabs. */
  handedOff(held: Entry): void;
  /** A typed failure beside the renewals' (a storage problem). */
  failed(error: TokensError): void;
  /** One token request of a renewal from `base`: `send` runs it. */
  request<T>(grant: Grant, base: Entry, send: () => Promise<T>): Promise<T>;
  /** Automatic renewal failed and tries again after `delayMs`, at `retryAt`. */
  retry(delayMs: number, retryAt: number): void;
}
