import { getAuthUrl } from './auth-url';
import { completeLogin } from './complete-login';
import { reported } from './failure-listeners';
import { internals } from './internals';
import { loginWithRedirect } from './login-with-redirect';
import { logout } from './logout';
import { createContext } from './redirects-context';
import type { Redirects, RedirectsOptions } from './redirects-types';
import { silentLogin } from './silent-login';

/**
 * Creates the redirect client of one site: the hosted login page with
 * authorization code + PKCE, the login callback, silent login in a hidden frame
 * and logout. Popup login, session pre-warm and redirect sessions for any intent
 * (checkouts, bookings) are separate imports that take this client
 * (`loginWithPopup` of `@site-identity/redirects/popup`, `prewarm` of
 * `@site-identity/redirects/prewarm`, `createRedirectSession` of
 * `@site-identity/redirects/redirect-session`).
 * Calls to the redirects service are authorised with the token manager's current
 * access token (visitor or member). Nothing touches `window`, `document` or storage until a method runs.
 *
 * - Flows are stored in session storage as `site-identity:<clientId>:flow:<state>`;
 *   `completeLogin` removes the record before its first `await`, so a state is
 *   good for one use, and a second call for the same URL while the first runs
 *   shares its result (React StrictMode).
 * - `logout` creates the logout URL with the still-valid token first, then clears
 *   the tokens and every `site-identity:<clientId>:` record in session storage. If
 *   the URL cannot be created, it still clears them and rejects with
 *   `LOGOUT_URL_UNAVAILABLE` (the platform session may still be alive: do not
 *   pretend it is over by redirecting to `postLogoutRedirectUri`).
 *
 * `clientId`, `apiBaseUrl` and `fetch` are the token manager's unless given; a
 * `clientId` given must be the manager's.
 *
 * @throws {@link RedirectsError} `INVALID_ARGUMENT` for a missing `tokens`, or a `clientId`
 * other than the manager's (the message names both).
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * declare const clientId: string;
 *
 * const tokens = createTokenManager({ clientId });
 * const redirects = createRedirects({ tokens });
 *
 * // On the sign-in button:
 * await redirects.loginWithRedirect({ redirectUri: `${location.origin}/callback`, originalUri: location.href });
 * // On /callback:
 * const { originalUri } = await redirects.completeLogin();
 * location.replace(originalUri ?? '/');
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7636
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.1
 */
export function createRedirects(options: RedirectsOptions): Redirects {
  const ctx = createContext(options);
  // Each call's failure is told to the listeners of `callFailures` (the devtools), then passed on.
  const redirects: Redirects = {
    getAuthUrl: (flow, urlOptions) =>
      reported(ctx, 'getAuthUrl', getAuthUrl(ctx, flow, urlOptions)),
    loginWithRedirect: (login) => reported(ctx, 'loginWithRedirect', loginWithRedirect(ctx, login)),
    completeLogin: (url, callOptions) =>
      reported(ctx, 'completeLogin', completeLogin(ctx, url, callOptions)),
    silentLogin: (sessionToken, silentOptions) =>
      reported(ctx, 'silentLogin', silentLogin(ctx, sessionToken, silentOptions)),
    logout: (logoutOptions) => reported(ctx, 'logout', logout(ctx, logoutOptions)),
  };
  // The context of its calls, attached out of sight (not enumerable, read-only).
  return internals.lend(redirects, ctx);
}
