import { useCallback, useMemo, useRef } from 'react';
import { requireInstance, useIdentityContext } from './identity-context';
import { IdentityReactError } from './identity-react-error';
import { useTrackedCall } from './tracked-call';

/**
 * Options of {@link useLogout}.
 *
 * @example
 * ```ts
 * import type { UseLogoutOptions } from '@site-identity/react';
 * const options: UseLogoutOptions = { postLogoutRedirectUri: 'https://shop.example/goodbye' };
 * ```
 */
export interface UseLogoutOptions {
  /** Where the platform's logout page sends the browser afterwards (absolute). Default: `location.origin`. */
  readonly postLogoutRedirectUri?: string | undefined;
  /** Goes to the platform's logout URL. Default: `location.assign(url)`. */
  readonly navigate?: ((url: string) => void) | undefined;
}

/**
 * The value of {@link useLogout}.
 *
 * @example
 * ```ts
 * import type { UseLogoutResult } from '@site-identity/react';
 * const signedOutHere = (logout: UseLogoutResult) =>
 *   (logout.error as { code?: string } | undefined)?.code === 'LOGOUT_URL_UNAVAILABLE';
 * ```
 */
export interface UseLogoutResult {
  /**
   * Signs out: `redirects.logout()` asks the platform for its logout URL with the
   * still-valid token, then always clears the session on this device; when there is a
   * URL the browser goes there. Never rejects (a failure is in `error`). Keeps its
   * identity across renders.
   */
  logout(): Promise<void>;
  /** A logout is running. */
  readonly pending: boolean;
  /**
   * What the latest logout failed with, cleared by the next one. With the platform down
   * it is a `RedirectsError` with code `LOGOUT_URL_UNAVAILABLE`: the member is signed out
   * on this device, but the platform session may still be alive.
   */
  readonly error: Error | undefined;
  /** Forgets `error`. */
  reset(): void;
}

/**
 * Sign-out in React: signs the member out on this device and sends the browser to the
 * platform's logout page when the platform gave its URL. A platform outage is not an
 * uncaught rejection but `error` (`LOGOUT_URL_UNAVAILABLE`); the member is signed out
 * on this device either way, and the provider gets the next visitor session. Needs
 * `<IdentityProvider redirects={…}>`.
 *
 * @example
 * ```tsx
 * import { isRedirectsError } from '@site-identity/redirects';
 * import { useLogout } from '@site-identity/react';
 *
 * function SignOut() {
 *   const { logout, pending, error } = useLogout();
 *   return (
 *     <>
 *       <button disabled={pending} onClick={() => void logout()}>
 *         Sign out
 *       </button>
 *       {isRedirectsError(error) && error.code === 'LOGOUT_URL_UNAVAILABLE' && (
 *         <p role="status">Signed out on this device. The site could not end your other sessions.</p>
 *       )}
 *     </>
 *   );
 * }
 * ```
 */
export function useLogout(options?: UseLogoutOptions): UseLogoutResult {
  const redirects = requireInstance(useIdentityContext('useLogout'), 'redirects', 'useLogout');
  if (typeof redirects.logout !== 'function') {
    throw new IdentityReactError(
      `useLogout needs <IdentityProvider redirects> with a logout function (from createRedirects); got ${typeof redirects.logout}`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
  const latest = useRef(options);
  latest.current = options;
  const { state, track, reset } = useTrackedCall<string>();

  const logout = useCallback(async () => {
    const { postLogoutRedirectUri, navigate } = latest.current ?? {};
    const outcome = await track(
      () =>
        redirects.logout!({
          postLogoutRedirectUri: postLogoutRedirectUri ?? window.location.origin,
        }),
      'The logout failed',
    );
    if (outcome.ok) (navigate ?? ((to: string) => window.location.assign(to)))(outcome.value);
  }, [redirects, track]);

  return useMemo(
    () => ({ logout, pending: state.pending, error: state.error, reset }),
    [logout, state, reset],
  );
}
