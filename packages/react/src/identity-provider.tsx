import { useMemo, type ReactNode } from 'react';
import type { SessionSnapshot } from '@site-identity/tokens';
import { IdentityContext } from './identity-context';
import { invalidArgument } from './identity-react-error';
import type { IdentityInstances } from './instances';
import { SERVER_SNAPSHOT } from './use-session';
import { useVisitorSession } from './use-visitor-session';

/**
 * Props of {@link IdentityProvider}: the instances to share, and the tree that uses them.
 *
 * @example
 * ```tsx
 * import type { IdentityProviderProps } from '@site-identity/react';
 * import type { TokenManager } from '@site-identity/tokens';
 * import type { Redirects } from '@site-identity/redirects';
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import type { ReactNode } from 'react';
 * declare const tokens: TokenManager;
 * declare const redirects: Redirects;
 * declare const memberAuth: MemberAuth;
 * declare function App(): ReactNode;
 *
 * const props: IdentityProviderProps = { tokens, redirects, memberAuth, children: <App /> };
 * ```
 */
export interface IdentityProviderProps extends IdentityInstances {
  readonly children?: ReactNode;
  /**
   * The session the server read for this request (`getSession(request).snapshot` of
   * `@site-identity/server`): rendered on the server and by the first client render,
   * so the HTML already shows the member and hydration agrees with it. Only its
   * `status` is read (the server never hands tokens to the page). Default: loading.
   */
  readonly initialSession?: (Pick<SessionSnapshot, 'status'> & Partial<SessionSnapshot>) | null;
}

const STATUSES: readonly string[] = ['loading', 'none', 'visitor', 'member'];

const isFunction = (value: unknown): boolean => typeof value === 'function';

function checkInstances({ tokens, redirects, memberAuth }: IdentityInstances): void {
  if (!tokens || !isFunction(tokens.getSnapshot) || !isFunction(tokens.subscribe)) {
    throw invalidArgument(
      '<IdentityProvider> needs a token manager as `tokens` (with getSnapshot and subscribe)',
    );
  }
  if (
    redirects != null &&
    (!isFunction(redirects.completeLogin) || !isFunction(redirects.loginWithRedirect))
  ) {
    throw invalidArgument('<IdentityProvider> `redirects` must come from createRedirects');
  }
  if (memberAuth != null && typeof memberAuth !== 'object') {
    throw invalidArgument('<IdentityProvider> `memberAuth` must come from createMemberAuth');
  }
}

/**
 * Shares a token manager, and optionally a redirect client and a member
 * client, with the hooks and guards below it. Create the instances once,
 * outside render (on a server: once per request), and pass them in; the
 * provider never creates, disposes or replaces them. With `initialSession` (the
 * server's snapshot) the server HTML and the first client render show that
 * session instead of loading: no flash of signed-out content, no hydration warning.
 *
 * On mount (in the browser only, once, also under StrictMode) the provider calls
 * `tokens.getTokens()`: stored tokens are used as they are, else the visitor tokens
 * are fetched, so the session is `visitor` without any call of yours. After a
 * sign-out it does so again. A failure stays in `useSession().error`.
 *
 * @example
 * ```tsx
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createMemberAuth } from '@site-identity/member-auth';
 * import { IdentityProvider } from '@site-identity/react';
 * import { createRoot } from 'react-dom/client';
 * import type { ReactNode } from 'react';
 * declare function App(): ReactNode;
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const redirects = createRedirects({ tokens });
 * const memberAuth = createMemberAuth({ tokens, redirects });
 *
 * createRoot(document.getElementById('root')!).render(
 *   <IdentityProvider tokens={tokens} redirects={redirects} memberAuth={memberAuth}>
 *     <App />
 *   </IdentityProvider>,
 * );
 *
 * // Rendered on a server that read the session (`@site-identity/server`):
 * // <IdentityProvider tokens={tokens} initialSession={{ status: 'member', tokens: null }}>
 * ```
 */
export function IdentityProvider({
  tokens,
  redirects,
  memberAuth,
  initialSession,
  children,
}: IdentityProviderProps): ReactNode {
  checkInstances({ tokens, redirects, memberAuth });
  const status = initialSession?.status;
  if (initialSession != null && !STATUSES.includes(status as string)) {
    throw invalidArgument(
      `<IdentityProvider> initialSession.status must be one of ${STATUSES.join(', ')}; got ${String(status)}`,
    );
  }
  const serverSnapshot = useMemo(
    () => (status ? Object.freeze({ status, tokens: null }) : SERVER_SNAPSHOT),
    [status],
  );
  const instances = useMemo(
    () => ({ tokens, redirects, memberAuth, serverSnapshot }),
    [tokens, redirects, memberAuth, serverSnapshot],
  );
  useVisitorSession(tokens);
  return <IdentityContext.Provider value={instances}>{children}</IdentityContext.Provider>;
}
