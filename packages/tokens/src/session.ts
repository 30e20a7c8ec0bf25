import type { TokenEndpointError, TokensError } from './tokens-error';
import type { Tokens } from './types';

/**
 * What the session is: `'loading'` until the stored tokens have been read,
 * then the role of the refresh token (`'none'` with no tokens at all).
 *
 * @example
 * ```ts
 * import type { SessionStatus } from '@site-identity/tokens';
 * const signedIn = (status: SessionStatus) => status === 'member';
 * ```
 */
export type SessionStatus = 'loading' | 'none' | 'visitor' | 'member';

/**
 * An immutable picture of the session. `getSnapshot()` returns the same object
 * until something changes, so it can feed React's `useSyncExternalStore`.
 * `error` is the last failure to renew the tokens; the next success clears it.
 *
 * @example
 * ```ts
 * import type { SessionSnapshot } from '@site-identity/tokens';
 * const label = (s: SessionSnapshot) => (s.status === 'member' ? 'Signed in' : 'Guest');
 * ```
 */
export interface SessionSnapshot {
  readonly status: SessionStatus;
  readonly tokens: Tokens | null;
  readonly error?: TokensError | TokenEndpointError;
  /**
   * Why the last session ended (`SESSION_EXPIRED` or `SIGNED_OUT`) and whether
   * that happened in another tab; kept until the next sign-in.
   */
  readonly ended?: SessionEnd;
  /**
   * When the next automatic renewal will be tried after `error` (epoch
   * milliseconds, from the manager's clock), while `autoRefresh` waits out a
   * failure; the waits grow from 1 s to 2 minutes. Gone with the next success.
   */
  readonly nextRetryAt?: number;
}

/**
 * Why a session ended:
 * - `refresh_rejected`: the token endpoint rejected the member's refresh token
 *   (a 400 or 401 answer to the refresh grant: expired, revoked or reused);
 * - `signed_out`: `clear()`, or `setTokens()` with a visitor's tokens;
 * - `storage_cleared`: the stored record was removed outside the library (by hand).
 *
 * @example
 * ```ts
 * import type { SessionEndReason } from '@site-identity/tokens';
 * const expected = (reason: SessionEndReason) => reason === 'signed_out';
 * ```
 */
export type SessionEndReason = 'refresh_rejected' | 'signed_out' | 'storage_cleared';

/**
 * How a session ended: the reason, and whether it happened in another tab.
 *
 * @example
 * ```ts
 * import type { SessionEnd } from '@site-identity/tokens';
 * const text = (end: SessionEnd) => (end.inOtherTab ? 'Signed out in another tab' : 'Signed out');
 * ```
 */
export interface SessionEnd {
  readonly reason: SessionEndReason;
  readonly inOtherTab: boolean;
}

/**
 * Why the session changed:
 * - `SIGNED_IN`: a member session began: the role became member, or a member's tokens were
 *   replaced by another member's set (code exchange, another tab, `setTokens`; a renewal is not).
 * - `SIGNED_OUT`: a member or visitor session was cleared, or a member became a visitor by `setTokens`.
 * - `SESSION_EXPIRED`: the platform rejected a member's refresh token (a 400 or 401 answer); the
 *   session fell back to visitor tokens. No other failure (network, time-out, 5xx, 429, 403,
 *   404, a malformed answer) ends a session. `snapshot.ended` says why and where.
 * - `TOKENS_REFRESHED`: new tokens with the role unchanged (renewal, first visitor tokens, another
 *   tab's renewal), other than a member set replacing a member's.
 *
 * @example
 * ```ts
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 * declare function showToast(...args: unknown[]): unknown;
 * manager.subscribe((snapshot, event) => {
 *   if (event === 'SESSION_EXPIRED') showToast('Please sign in again');
 * });
 * ```
 */
export type SessionEvent = 'TOKENS_REFRESHED' | 'SIGNED_IN' | 'SIGNED_OUT' | 'SESSION_EXPIRED';

/**
 * Receives every new snapshot, with the event that caused it (none when only
 * the loading state or the error changed).
 *
 * @example
 * ```ts
 * import type { SessionListener } from '@site-identity/tokens';
 * const log: SessionListener = (snapshot, event) => console.log(snapshot.status, event ?? '');
 * ```
 */
export type SessionListener = (snapshot: SessionSnapshot, event?: SessionEvent) => void;

/** How a session moved, beside its tokens: for {@link eventFor}. @internal */
export interface SessionMove {
  /** The platform rejected a member's refresh token. */
  readonly expired?: boolean;
  /** An explicit change (a sign-in, `setTokens`), not a renewal: a new epoch. */
  readonly replaced?: boolean;
}

/** The event that moving from `previous` to `next` amounts to. @internal */
export function eventFor(
  previous: Tokens | null,
  next: Tokens | null,
  { expired = false, replaced = false }: SessionMove = {},
): SessionEvent {
  const before = previous?.refreshToken.role ?? 'none';
  const after = next?.refreshToken.role ?? 'none';
  // A member's set replaced by an explicit change is a new member session (maybe another member).
  if (before === 'member' && after === 'member' && replaced) return 'SIGNED_IN';
  if (before === after) return 'TOKENS_REFRESHED';
  if (after === 'member') return 'SIGNED_IN';
  if (before === 'member') return expired ? 'SESSION_EXPIRED' : 'SIGNED_OUT';
  return after === 'none' ? 'SIGNED_OUT' : 'TOKENS_REFRESHED';
}

/** What a snapshot carries beside its tokens. @internal */
export interface SnapshotDetails {
  /** The failure shown until the next success. */
  readonly error?: TokensError | TokenEndpointError | undefined;
  /** Why the session before ended. */
  readonly ended?: SessionEnd | undefined;
  /** When automatic renewal tries again after `error`. */
  readonly nextRetryAt?: number | undefined;
}

/** A frozen snapshot of `tokens`, with its `details`. @internal */
export function snapshotOf(
  tokens: Tokens | null,
  { error, ended, nextRetryAt }: SnapshotDetails = {},
): SessionSnapshot {
  return Object.freeze({
    status: tokens?.refreshToken.role ?? 'none',
    tokens,
    ...(error && { error }),
    ...(ended && { ended }),
    ...(error && nextRetryAt !== undefined && { nextRetryAt }),
  });
}

/** The snapshot before storage was read. @internal */
export const LOADING: SessionSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'loading',
  tokens: null,
});
