import { useEffect, useRef } from 'react';
import type { SessionSource } from './instances';

/**
 * Gets the visitor session for `<IdentityProvider>`: `tokens.getTokens()` once when
 * the provider mounts (effects never run on a server, so server rendering and
 * hydration stay as they were), and again whenever a sign-out leaves no session
 * (`SIGNED_OUT` with status `none`), so a visitor follows a member by itself.
 * StrictMode's second effect does not ask again. A failure is not thrown: the token
 * manager keeps it in `snapshot.error` (`useSession().error`). Sources without
 * `getTokens` are only read. @internal
 */
export function useVisitorSession(tokens: SessionSource): void {
  const started = useRef<SessionSource | null>(null);
  useEffect(() => {
    const { getTokens } = tokens;
    if (typeof getTokens !== 'function') return undefined;
    const start = () => void getTokens.call(tokens).catch(() => undefined);
    if (started.current !== tokens) {
      started.current = tokens;
      start();
    }
    return tokens.subscribe((snapshot, event) => {
      if (event === 'SIGNED_OUT' && snapshot.status === 'none') start();
    });
  }, [tokens]);
}
