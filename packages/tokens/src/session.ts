import type { TokensError } from './errors';
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
  readonly error?: TokensError;
}

/**
 * Why the session changed:
 * - `SIGNED_IN`: the role became member (code exchange, another tab, `setTokens`).
 * - `SIGNED_OUT`: a member or visitor session was cleared, or a member became a visitor by `setTokens`.
 * - `SESSION_EXPIRED`: the platform rejected a member's refresh token; the session fell back to visitor tokens.
 * - `TOKENS_REFRESHED`: new tokens with the role unchanged (renewal, first visitor tokens, another tab).
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

/** The event that moving from `previous` to `next` amounts to. @internal */
export function eventFor(
  previous: Tokens | null,
  next: Tokens | null,
  expired = false,
): SessionEvent {
  const before = previous?.refreshToken.role ?? 'none';
  const after = next?.refreshToken.role ?? 'none';
  if (before === after) return 'TOKENS_REFRESHED';
  if (after === 'member') return 'SIGNED_IN';
  if (before === 'member') return expired ? 'SESSION_EXPIRED' : 'SIGNED_OUT';
  return after === 'none' ? 'SIGNED_OUT' : 'TOKENS_REFRESHED';
}

/** A frozen snapshot of `tokens`. @internal */
export function snapshotOf(tokens: Tokens | null, error?: TokensError): SessionSnapshot {
  return Object.freeze({
    status: tokens?.refreshToken.role ?? 'none',
    tokens,
    ...(error && { error }),
  });
}

/** The snapshot before storage was read. @internal */
export const LOADING: SessionSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'loading',
  tokens: null,
});
