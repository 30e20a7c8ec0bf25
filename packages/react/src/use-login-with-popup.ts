import { useCallback, useMemo } from 'react';
import type { Redirects } from '@site-identity/redirects';
import { loginWithPopup, type LoginWithPopupOptions } from '@site-identity/redirects/popup';
import type { Tokens } from '@site-identity/tokens';
import { requireInstance, useIdentityContext } from './identity-context';
import { useTrackedCall, valueOrUndefined } from './tracked-call';

/**
 * The state of the latest popup login started through one {@link useLoginWithPopup}.
 *
 * @example
 * ```tsx
 * import type { LoginWithPopupState } from '@site-identity/react/popup';
 * const Waiting = ({ pending }: Pick<LoginWithPopupState, 'pending'>) =>
 *   pending ? <p>Finish signing in in the popup window…</p> : null;
 * ```
 */
export interface LoginWithPopupState {
  /** The popup is open, or its code is being exchanged. */
  readonly pending: boolean;
  /**
   * What the latest login rejected with, cleared by the next one: a `RedirectsError`
   * with code `POPUP_BLOCKED`, `POPUP_CLOSED`, `ORIGIN_NOT_ALLOWED` (the platform does
   * not answer this page's origin or redirect URI: the app's OAuth settings),
   * `OAUTH_FLOW_TIMED_OUT`, `AUTHORIZATION_ERROR` (the member cancelled on the hosted page) or
   * `INVALID_ARGUMENT` (the provider's `redirects` was not made by `createRedirects`),
   * a `PlatformError`, or the token endpoint's error.
   */
  readonly error: Error | undefined;
  /** The member tokens of the latest login that succeeded; the token manager holds them too. */
  readonly result: Tokens | undefined;
  /** Forgets `error` and `result`. */
  reset(): void;
}

/**
 * The value of {@link useLoginWithPopup}: the wrapped `loginWithPopup` and its state.
 *
 * @example
 * ```ts
 * import type { UseLoginWithPopupResult } from '@site-identity/react/popup';
 * const blocked = (popup: UseLoginWithPopupResult) =>
 *   (popup.error as { code?: string } | undefined)?.code === 'POPUP_BLOCKED';
 * ```
 */
export interface UseLoginWithPopupResult extends LoginWithPopupState {
  /**
   * `loginWithPopup(redirects, options)` of `@site-identity/redirects/popup`, with the
   * provider's redirect client, called at once, before anything is awaited,
   * so the window opens inside the click that called it. Never rejects: resolves with
   * the member tokens, or with `undefined` when the login failed (see `error`).
   * Keeps its identity across renders.
   */
  loginWithPopup(options?: LoginWithPopupOptions): Promise<Tokens | undefined>;
}

/**
 * Sign-in on the platform's hosted page in a popup window, with `pending`,
 * `error` and the last `result`, like `useMemberAuth`. Call
 * `loginWithPopup` in a click handler: it opens the window synchronously (browsers
 * only allow a popup inside the member's click; Safari counts nothing after an
 * `await`), then sends it to the hosted page. `idp` goes straight to Google,
 * Facebook or a site's own connection. The page stays where it is; when the popup
 * posts the code back, the token manager holds member tokens and every session
 * hook re-renders. Needs `<IdentityProvider redirects={…}>` with a redirect client
 * made by `createRedirects`. A separate import (`@site-identity/react/popup`, which
 * brings `@site-identity/redirects/popup`), so that an app without popup login does
 * not download it.
 *
 * @example
 * ```tsx
 * import { isRedirectsError } from '@site-identity/redirects';
 * import { useLoginWithPopup } from '@site-identity/react/popup';
 *
 * function PopupSignIn() {
 *   const { loginWithPopup, pending, error } = useLoginWithPopup();
 *   return (
 *     <>
 *       <button disabled={pending} onClick={() => void loginWithPopup()}>
 *         Sign in
 *       </button>
 *       <button disabled={pending} onClick={() => void loginWithPopup({ idp: 'google' })}>
 *         Continue with Google
 *       </button>
 *       {isRedirectsError(error) && error.code === 'POPUP_BLOCKED' && (
 *         <p role="alert">Your browser blocked the sign-in window. Allow popups for this site.</p>
 *       )}
 *       {isRedirectsError(error) && error.code === 'POPUP_CLOSED' && <p>Sign-in cancelled.</p>}
 *     </>
 *   );
 * }
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 * @see https://html.spec.whatwg.org/multipage/interaction.html#tracking-user-activation
 */
export function useLoginWithPopup(): UseLoginWithPopupResult {
  const redirects = requireInstance(
    useIdentityContext('useLoginWithPopup'),
    'redirects',
    'useLoginWithPopup',
  );
  const { state, track, reset } = useTrackedCall<Tokens>();

  // A redirect client not made by createRedirects is refused by loginWithPopup itself
  // (INVALID_ARGUMENT, no window opened), reported in `error`.
  const login = useCallback(
    (options?: LoginWithPopupOptions) =>
      track(() => loginWithPopup(redirects as Redirects, options), 'The popup login failed').then(
        valueOrUndefined,
      ),
    [redirects, track],
  );

  return useMemo(
    () => ({
      loginWithPopup: login,
      pending: state.pending,
      error: state.error,
      result: state.result,
      reset,
    }),
    [login, state, reset],
  );
}
