import { useSessionStatus } from './use-session';

/**
 * Whether a member is signed in (the refresh token's role is `member`).
 * `false` while loading and on a server. Re-renders only when the answer
 * changes, not on every token renewal.
 *
 * @example
 * ```tsx
 * import { useIsLoggedIn } from '@site-identity/react';
 *
 * function AccountLink() {
 *   return useIsLoggedIn() ? <a href="/account">My account</a> : <a href="/login">Sign in</a>;
 * }
 * ```
 */
export function useIsLoggedIn(): boolean {
  return useSessionStatus('useIsLoggedIn') === 'member';
}
