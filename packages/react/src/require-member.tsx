import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LoginWithRedirectOptions } from '@site-identity/redirects';
import { requireInstance, useIdentityContext } from './identity-context';
import { IdentityReactError, invalidArgument } from './identity-react-error';
import { useSessionStatus } from './use-session';

/**
 * Props of {@link RequireMember}: what to show a visitor (`fallback`), or
 * where the hosted login should return (`redirectToLogin`), or both.
 *
 * @example
 * ```tsx
 * import type { RequireMemberProps } from '@site-identity/react';
 * import type { ReactNode } from 'react';
 * declare function Orders(): ReactNode;
 *
 * const props: RequireMemberProps = { fallback: <a href="/login">Sign in</a>, children: <Orders /> };
 * ```
 */
export type RequireMemberProps = { readonly children?: ReactNode } & (
  | { readonly fallback: ReactNode; readonly redirectToLogin?: undefined }
  | {
      /** Sends a visitor to the hosted login; `originalUri` defaults to the current page. */
      readonly redirectToLogin: Pick<LoginWithRedirectOptions, 'redirectUri' | 'originalUri'>;
      /** Shown while the browser leaves for the login page. */
      readonly fallback?: ReactNode;
    }
);

/**
 * Renders its children only for a signed-in member. While the session loads
 * (and on a server) it renders nothing. To anyone else it shows `fallback`,
 * or, with `redirectToLogin`, starts the hosted login once
 * (`redirects.loginWithRedirect`) and shows `fallback` meanwhile. A failure to
 * start the login is thrown to the nearest error boundary. `redirectToLogin`
 * needs `<IdentityProvider redirects={…}>`.
 *
 * @example
 * ```tsx
 * import { RequireMember } from '@site-identity/react';
 * import type { ReactNode } from 'react';
 * declare function Orders(): ReactNode;
 *
 * <RequireMember redirectToLogin={{ redirectUri: `${location.origin}/callback` }} fallback={<p>Redirecting…</p>}>
 *   <Orders />
 * </RequireMember>;
 *
 * <RequireMember fallback={<a href="/login">Sign in to see your orders</a>}>
 *   <Orders />
 * </RequireMember>;
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1 (authorization request)
 */
export function RequireMember(props: RequireMemberProps): ReactNode {
  const { children, fallback, redirectToLogin } = props;
  const instances = useIdentityContext('<RequireMember>');
  const redirects = redirectToLogin
    ? requireInstance(instances, 'redirects', '<RequireMember redirectToLogin>')
    : undefined;
  if (redirectToLogin && typeof redirectToLogin.redirectUri !== 'string') {
    throw invalidArgument('<RequireMember> redirectToLogin.redirectUri must be a string');
  }
  const status = useSessionStatus('<RequireMember>');
  const redirecting = useRef(false);
  const [failure, setFailure] = useState<{ reason: unknown }>();
  const visitor = status === 'none' || status === 'visitor';
  const redirectUri = redirectToLogin?.redirectUri;
  const originalUri = redirectToLogin?.originalUri;

  useEffect(() => {
    if (!visitor || !redirects || redirectUri === undefined || redirecting.current) return;
    redirecting.current = true;
    redirects
      .loginWithRedirect({ redirectUri, originalUri: originalUri ?? window.location.href })
      .catch((error: unknown) => {
        redirecting.current = false;
        setFailure({
          reason:
            error ??
            new IdentityReactError('The login could not be started', { code: 'ACTION_FAILED' }),
        });
      });
  }, [visitor, redirects, redirectUri, originalUri]);

  if (failure) throw failure.reason;
  if (status === 'member') return children;
  return visitor ? (fallback ?? null) : null;
}
