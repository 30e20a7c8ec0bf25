import type { ReactNode } from 'react';
import type { SessionGateProps } from './signed-in';
import { useSessionStatus } from './use-session';

/**
 * Renders its children only when no member is signed in (a visitor, or no
 * session at all); nothing while the session is loading (and on a server).
 *
 * @example
 * ```tsx
 * import { SignedOut } from '@site-identity/react';
 *
 * <SignedOut>
 *   <a href="/login">Sign in</a>
 * </SignedOut>;
 * ```
 */
export function SignedOut({ children }: SessionGateProps): ReactNode {
  const status = useSessionStatus('<SignedOut>');
  return status === 'none' || status === 'visitor' ? children : null;
}
