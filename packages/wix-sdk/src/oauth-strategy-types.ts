import type { FetchLike, TokenManager } from '@site-identity/tokens';
import type { SessionAuthStrategy } from './auth-strategy';
import type {
  AccessToken,
  IdentityProvider,
  LoginParams,
  OauthData,
  RefreshToken,
  RegisterParams,
  StateMachine,
  Tokens,
  TokenStorage,
} from './incumbent-types';

/**
 * What `OAuthStrategy` takes: `@wix/sdk`'s options (`clientId`, `publicKey`,
 * `tokenRequestOptions`, and either `tokens` or `tokenStorage`), plus where the
 * platform is (`apiBaseUrl`, `fetch`), which `@wix/sdk` does not let an app set.
 *
 * @example
 * ```ts
 * import type { OAuthStrategyConfig } from '@site-identity/wix-sdk';
 *
 * const config: OAuthStrategyConfig = {
 *   clientId: 'my-client-id',
 *   tokenRequestOptions: { headers: { 'client-binding': 'binding-id' } },
 * };
 * ```
 */
export type OAuthStrategyConfig = {
  /** The site's OAuth app (client) id. */
  clientId: string;
  /** Accepted for `@wix/sdk`'s signature; `@wix/sdk` 1.21's strategy does not use it either. */
  publicKey?: string;
  /** Headers added to every token request (e.g. `client-binding`). */
  tokenRequestOptions?: { headers?: Record<string, string> };
  /** The platform's API base. Default `https://www.wixapis.com`. */
  apiBaseUrl?: string;
  /** The `fetch` the library's own platform calls use. Default: the global one. */
  fetch?: FetchLike;
} & ({ tokens?: Tokens; tokenStorage?: never } | { tokenStorage: TokenStorage; tokens?: never });

/**
 * `@wix/sdk` 1.21.x's `IOAuthStrategy`, on our session: every member with the
 * same name, parameters and result, plus `tokens`, the token manager underneath
 * (for `createRenewingFetch`, React bindings, devtools). The differences in
 * behaviour are listed in the package README.
 *
 * @example
 * ```ts
 * import { createClient } from '@wix/sdk';
 * import { OAuthStrategy, type OAuthStrategyClient } from '@site-identity/wix-sdk';
 *
 * const auth: OAuthStrategyClient = OAuthStrategy({ clientId: 'my-client-id' });
 * const client = createClient({ modules: {}, auth });
 * ```
 */
export interface OAuthStrategyClient extends SessionAuthStrategy {
  /** The token manager that holds this strategy's session. */
  readonly tokens: TokenManager;
  /** Always `true`: module calls go to the CDN host, as with `@wix/sdk`. */
  shouldUseCDN: true;
  /** The session's tokens, valid (renewed when due; visitor tokens when there is no session). */
  generateVisitorTokens(tokens?: {
    refreshToken?: RefreshToken;
    accessToken?: AccessToken;
  }): Promise<Tokens>;
  /** New tokens through `refreshToken`, the rotated refresh token kept. */
  renewToken: (refreshToken: RefreshToken) => Promise<Tokens>;
  /** Makes `tokens` the session (an empty set signs out on this device). */
  setTokens: (tokens: Tokens) => void;
  /** The session's tokens now, or the empty set; no request. */
  getTokens: () => Tokens;
  /** PKCE pair and state for a hosted login returning to `redirectUri`. */
  generateOAuthData: (redirectUri: string, originalUri?: string) => OauthData;
  /** The hosted login page's URL for `oauthData`. */
  getAuthUrl: (
    oauthData: OauthData,
    opts?: {
      prompt?: 'login' | 'none';
      responseMode?: 'fragment' | 'web_message' | 'query';
      idp?: IdentityProvider;
      sessionToken?: string;
    },
  ) => Promise<{ authUrl: string; authorizationEndpoint?: string; sessionToken?: string }>;
  /** Exchanges the callback's `code` (after checking `state`); the member tokens become the session. */
  getMemberTokens: (code: string, state: string, oauthData: OauthData) => Promise<Tokens>;
  /** Signs out (role none) and returns the platform's logout URL. */
  logout: (originalUrl: string) => Promise<{ logoutUrl: string }>;
  /** The callback's `code`, `state` (or `error`, `errorDescription`) from `url` (default: the address bar). */
  parseFromUrl: (
    url?: string,
    responseMode?: 'query' | 'fragment',
  ) => { code: string; state: string; error?: string; errorDescription?: string };
  /** Registers a member; resolves with the state of the flow for every outcome. */
  register: (params: RegisterParams) => Promise<StateMachine>;
  /** Logs a member in with e-mail and password; resolves with the state of the flow for every outcome. */
  login: (params: LoginParams) => Promise<StateMachine>;
  /** Sends the e-mail verification code of the last (or the given) EMAIL_VERIFICATION_REQUIRED state. */
  processVerification(
    nextInputs: { verificationCode: string },
    state?: StateMachine,
  ): Promise<StateMachine>;
  /** Member tokens for a login's `sessionToken`, through the hidden frame; they become the session. */
  getMemberTokensForDirectLogin: (sessionToken: string) => Promise<Tokens>;
  /** Sends the member a password reset e-mail that returns to `redirectUri`. */
  sendPasswordResetEmail: (email: string, redirectUri: string) => Promise<void>;
  /** The platform's invisible reCAPTCHA site key. */
  captchaInvisibleSiteKey: string;
  /** The platform's visible reCAPTCHA site key. */
  captchaVisibleSiteKey: string;
  /** Whether the session is a member's. */
  loggedIn: () => boolean;
  /** Member tokens for `memberId` through an API key (confidential clients); the session is untouched. */
  getMemberTokensForExternalLogin: (memberId: string, apiKey: string) => Promise<Tokens>;
  /** Member tokens by e-mail through sign-on and an API key, tied to a site session; the session is untouched. */
  getMemberTokensForExternalLoginWithSession: (
    email: string,
    apiKey: string,
    options?: {
      profile?: RegisterParams['profile'];
      verifyEmail?: boolean;
      mergeExistingContact?: boolean;
    },
  ) => Promise<Tokens>;
  /** The platform pages' session: pre-warmed at most once per 7 days. */
  sessions: {
    isSessionSynced: () => boolean;
    syncToWixPages: (opts: { force?: boolean }) => Promise<void>;
  };
}
