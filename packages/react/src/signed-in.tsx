import type { ReactNode } from 'react';
import { useSessionStatus } from './use-session';

/**
 * Props of {@link SignedIn} and {@link SignedOut}.
 *
 * @example
 * ```tsx
 * import type { SessionGateProps } from '@site-identity/react';
 * const props: SessionGateProps = { children: <a href="/account">My account</a> };
 * ```
 */
export interface SessionGateProps {
  readonly children?: ReactNode;
}

/**
 * Renders its children only while a member is signed in; nothing while the
 * session is loading (and on a server). Re-renders on sign-in and sign-out,
 * not on token renewals.
 *
 * @example
 * ```tsx
 * import { SignedIn, SignedOut } from '@site-identity/react';
 *
 * <header>
 *   <SignedIn><a href="/account">My account</a></SignedIn>
 *   <SignedOut><a href="/login">Sign in</a></SignedOut>
 * </header>;
 * ```
 */
export function SignedIn({ children }: SessionGateProps): ReactNode {
  return useSessionStatus('<SignedIn>') === 'member' ? children : null;
}
