import type { HttpClientOptions } from '@site-identity/http';
import type { Tokens } from '@site-identity/tokens';
import type { RedirectsEnvironment } from './environment';
import type { IdentityProvider } from './identity-provider';
import type { UrlResponseMode } from './parse-callback';
import type { Prompt, RedirectSession, ResponseMode } from './redirect-session';

/**
 * What `createRedirects` needs of the token manager of `@site-identity/tokens`:
 * the access token that authorises redirect-session calls, the code exchange
 * (which makes its result the session) and `clear` for logout.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import type { RedirectsTokens } from '@site-identity/redirects';
 * declare const clientId: string;
 *
 * const tokens: RedirectsTokens = createTokenManager({ clientId });
 * ```
 */
export interface RedirectsTokens {
  /** The manager's client id, inherited unless `createRedirects` is given the same one. */
  readonly clientId?: string;
  /** The manager's platform settings, inherited unless `createRedirects` is given its own. */
  readonly apiBaseUrl?: string;
  readonly fetch?: HttpClientOptions['fetch'];
  getAccessToken(options?: { signal?: AbortSignal | undefined }): Promise<string>;
  clear(): unknown;
  exchangeCode(request: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
    signal?: AbortSignal | undefined;
  }): Promise<Tokens>;
}

/**
 * Options of {@link createRedirects}.
 *
 * @example
 * ```ts
 * import type { RedirectsOptions } from '@site-identity/redirects';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const tokens: TokenManager;
 *
 * const options: RedirectsOptions = { tokens, apiBaseUrl: 'https://www.wixapis.com' };
 * ```
 */
export interface RedirectsOptions extends RedirectsEnvironment {
  /**
   * The OAuth app's client id. Default: the token manager's. One given must be the
   * manager's (`INVALID_ARGUMENT` naming both otherwise).
   */
  readonly clientId?: string;
  /** The token manager of `@site-identity/tokens`. */
  readonly tokens: RedirectsTokens;
  /** Default `https://www.wixapis.com`. */
  readonly apiBaseUrl?: string;
  /** The `fetch` for redirect-session calls. Default: the token manager's (which the code exchange uses). */
  readonly fetch?: HttpClientOptions['fetch'];
}

/**
 * The part of the auth-flow data (`createAuthFlowData` of `@site-identity/pkce`)
 * that goes into an authorization request. The verifier never leaves the page.
 *
 * @example
 * ```ts
 * import { createAuthFlowData } from '@site-identity/pkce';
 * import type { AuthFlowInput } from '@site-identity/redirects';
 *
 * const flow: AuthFlowInput = await createAuthFlowData({ redirectUri: 'https://shop.example/callback' });
 * ```
 */
export interface AuthFlowInput {
  readonly codeChallenge: string;
  readonly state: string;
  readonly redirectUri: string;
}

/**
 * Options of `getAuthUrl`.
 *
 * @example
 * ```ts
 * import type { AuthUrlOptions } from '@site-identity/redirects';
 *
 * const options: AuthUrlOptions = { prompt: 'login', responseMode: 'query' };
 * ```
 */
export interface AuthUrlOptions {
  /** Aborts the redirect-session request; the call rejects with a `PlatformError` `ABORTED`. */
  readonly signal?: AbortSignal | undefined;
  /** Default `'login'`. */
  readonly prompt?: Prompt;
  /** Default `'fragment'`. */
  readonly responseMode?: ResponseMode;
  /** A session token from a direct login, for `prompt: 'none'`. */
  readonly sessionToken?: string;
  /** Sign in with Google, Facebook or a site's own connection: sent as `authRequest.idp`. */
  readonly idp?: IdentityProvider;
}

/**
 * What `getAuthUrl` resolves with: the hosted login URL and the redirect session it came from.
 *
 * @example
 * ```ts
 * import type { AuthFlowInput, AuthUrl, Redirects } from '@site-identity/redirects';
 * declare const redirects: Redirects;
 * declare const flow: AuthFlowInput;
 *
 * const { authUrl }: AuthUrl = await redirects.getAuthUrl(flow);
 * ```
 */
export interface AuthUrl {
  readonly authUrl: string;
  readonly redirectSession: RedirectSession;
}

/**
 * Options of `loginWithRedirect`.
 *
 * @example
 * ```ts
 * import type { LoginWithRedirectOptions } from '@site-identity/redirects';
 *
 * const options: LoginWithRedirectOptions = { redirectUri: `${location.origin}/callback`, originalUri: location.pathname };
 * ```
 */
export interface LoginWithRedirectOptions {
  /** Aborts the redirect-session request (nothing is navigated; the flow is dropped). */
  readonly signal?: AbortSignal | undefined;
  /** Where the hosted page returns to; the page that calls `completeLogin`. */
  readonly redirectUri: string;
  /** Where to go after the login; kept only when it is on the redirect URI's origin. */
  readonly originalUri?: string;
  /** Default `'login'`. */
  readonly prompt?: Prompt;
  /** Default `'fragment'`. */
  readonly responseMode?: UrlResponseMode;
  /** Sign in with Google, Facebook or a site's own connection: sent as `authRequest.idp`. */
  readonly idp?: IdentityProvider;
  /** A session token from a direct login (with `prompt: 'none'`): the hosted page answers at once. */
  readonly sessionToken?: string;
  /** Called with the hosted page's URL just before the page leaves, to save what the app needs. */
  readonly beforeNavigate?: (authUrl: string) => void;
}

/**
 * What `completeLogin` resolves with: the member tokens, already stored in the
 * token manager, and the flow's `originalUri` as a path on the callback's origin
 * (`https://shop.example/cart?id=1` comes back as `/cart?id=1`), or `undefined` when
 * it is not on that origin, has control characters or backslashes, or would
 * normalise to `//` (another host to a browser).
 *
 * @example
 * ```ts
 * import type { LoginCompletion, Redirects } from '@site-identity/redirects';
 * declare const redirects: Redirects;
 *
 * const { originalUri }: LoginCompletion = await redirects.completeLogin();
 * history.replaceState(null, '', originalUri ?? '/');
 * ```
 */
export interface LoginCompletion {
  readonly tokens: Tokens;
  readonly originalUri: string | undefined;
}

/**
 * Options of `silentLogin`.
 *
 * @example
 * ```ts
 * import type { SilentLoginOptions } from '@site-identity/redirects';
 *
 * const options: SilentLoginOptions = { timeoutMs: 30_000 };
 * ```
 */
export interface SilentLoginOptions {
  /** How long the hidden frame may take to answer. Default 120000 ms. */
  readonly timeoutMs?: number;
  /** The redirect URI of the authorization request. Default: the page's origin. */
  readonly redirectUri?: string;
  /** Ends this caller's wait with `ABORTED`; the frame's run, shared with other callers, goes on. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Options of `logout`.
 *
 * @example
 * ```ts
 * import type { LogoutOptions } from '@site-identity/redirects';
 *
 * const options: LogoutOptions = { postLogoutRedirectUri: 'https://shop.example/' };
 * ```
 */
export interface LogoutOptions {
  /**
   * Aborts the request for the logout URL. The local sign-out still happens (it was
   * asked for) and the call rejects with `LOGOUT_URL_UNAVAILABLE`, the abort as its cause.
   */
  readonly signal?: AbortSignal | undefined;
  /** Where the platform's logout page sends the browser afterwards. An absolute URL. */
  readonly postLogoutRedirectUri: string;
}

/**
 * The redirect client of one site: hosted login with PKCE, the callback, silent
 * login and logout. Made by {@link createRedirects}. Popup login, session
 * pre-warm and redirect sessions for other intents (checkouts, bookings) are
 * separate imports that take it: `loginWithPopup(redirects, options)` of
 * `@site-identity/redirects/popup`, `prewarm(redirects, options)` of
 * `@site-identity/redirects/prewarm`, `createRedirectSession(redirects, request)` of
 * `@site-identity/redirects/redirect-session`.
 *
 * @example
 * ```ts
 * import type { Redirects } from '@site-identity/redirects';
 *
 * async function signIn(redirects: Redirects) {
 *   await redirects.loginWithRedirect({ redirectUri: `${location.origin}/callback` });
 * }
 * ```
 */
export interface Redirects {
  /** The hosted login URL for `flow`: a redirect session with the `auth.authRequest` of the flow. */
  getAuthUrl(flow: AuthFlowInput, options?: AuthUrlOptions): Promise<AuthUrl>;
  /** Creates and stores a flow (keyed by its state), then navigates to the hosted login page. */
  loginWithRedirect(options: LoginWithRedirectOptions): Promise<void>;
  /**
   * Completes the login the hosted page returned to `url` (default `location.href`).
   * Idempotent while in flight. `signal` aborts the code exchange (`ABORTED`); the
   * session stays as it was.
   */
  completeLogin(
    url?: string | URL,
    options?: { readonly signal?: AbortSignal | undefined },
  ): Promise<LoginCompletion>;
  /** Exchanges a session token for member tokens through a hidden frame (`prompt: 'none'`, `web_message`). */
  silentLogin(sessionToken: string, options?: SilentLoginOptions): Promise<Tokens>;
  /** Creates the logout URL, then clears the tokens and this client's session records; resolves with the URL. */
  logout(options: LogoutOptions): Promise<string>;
}
