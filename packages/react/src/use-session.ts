import { useCallback, useSyncExternalStore } from 'react';
import type { SessionSnapshot, SessionStatus } from '@site-identity/tokens';
import { useIdentityContext } from './identity-context';

/**
 * The snapshot rendered on a server and while hydrating when the provider has no
 * `initialSession`: loading, no tokens. Always this same object. @internal
 */
export const SERVER_SNAPSHOT: SessionSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'loading',
  tokens: null,
});

/**
 * `useSyncExternalStore` over the token manager, reading `select(snapshot)`; on a
 * server and while hydrating, `select` of the provider's server snapshot. @internal
 */
export function useSessionSelector<T>(user: string, select: (snapshot: SessionSnapshot) => T): T {
  const { tokens, serverSnapshot } = useIdentityContext(user);
  const subscribe = useCallback(
    (onChange: () => void) => tokens.subscribe(() => onChange()),
    [tokens],
  );
  const read = useCallback(() => select(tokens.getSnapshot()), [tokens, select]);
  const server = useCallback(() => select(serverSnapshot), [serverSnapshot, select]);
  return useSyncExternalStore(subscribe, read, server);
}

const whole = (snapshot: SessionSnapshot): SessionSnapshot => snapshot;
const statusOf = (snapshot: SessionSnapshot): SessionStatus => snapshot.status;

/** The session status alone: components re-render when it changes, not on every renewal. @internal */
export const useSessionStatus = (user: string): SessionStatus => useSessionSelector(user, statusOf);

/**
 * The token manager's current {@link SessionSnapshot}: `status`
 * (`'loading' | 'none' | 'visitor' | 'member'`), `tokens` and the last renewal
 * `error`. The component re-renders exactly when the manager publishes a new
 * snapshot (a renewal, a sign-in or sign-out, another tab's change) and not
 * otherwise.
 *
 * On a server and during hydration it returns the provider's `initialSession`
 * (the session the server read, so the first HTML already shows the member), else
 * the loading snapshot `{ status: 'loading', tokens: null }`; either way the server
 * HTML and the first client render agree.
 *
 * @example
 * ```tsx
 * import { useSession } from '@site-identity/react';
 *
 * function Greeting() {
 *   const { status } = useSession();
 *   if (status === 'loading') return null;
 *   return <p>{status === 'member' ? 'Welcome back' : 'Hello, guest'}</p>;
 * }
 * ```
 * @see https://react.dev/reference/react/useSyncExternalStore
 */
export function useSession(): SessionSnapshot {
  return useSessionSelector('useSession', whole);
}
