// The shapes of `@wix/sdk` 1.21.x's OAuthStrategy, declared here so that this package
// needs no `@wix/sdk` at run time; a type test proves them assignable to the originals.
import type { IdentityProfile } from '@site-identity/member-auth';

/**
 * An access token as `@wix/sdk` holds it: the raw value and its expiry in seconds
 * since the epoch.
 *
 * @example
 * ```ts
 * import type { AccessToken } from '@site-identity/wix-sdk';
 *
 * const accessToken: AccessToken = { value: 'OauthNG.JWS.…', expiresAt: 1_900_000_000 };
 * ```
 */
export interface AccessToken {
  value: string;
  expiresAt: number;
}

/**
 * A refresh token as `@wix/sdk` holds it, with the role it grants
 * (`'none'`, `'visitor'` or `'member'`).
 *
 * @example
 * ```ts
 * import type { RefreshToken } from '@site-identity/wix-sdk';
 *
 * const refreshToken: RefreshToken = { value: 'JWS.…', role: 'visitor' };
 * ```
 */
export interface RefreshToken {
  value: string;
  role: string;
}

/**
 * The token set of `@wix/sdk`'s `OAuthStrategy`: what `getTokens()` returns and
 * `setTokens()` takes. An empty set (both values `''`, role `'none'`) means no session.
 *
 * @example
 * ```ts
 * import type { Tokens } from '@site-identity/wix-sdk';
 *
 * const saved = localStorage.getItem('session');
 * const tokens: Tokens | undefined = saved ? (JSON.parse(saved) as Tokens) : undefined;
 * ```
 */
export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/**
 * A storage the app owns (a cookie, a server session), as `@wix/sdk`'s
 * `OAuthStrategy({ tokenStorage })` takes it: `getTokens()` returns the token set
 * (an empty one when there is none), `setTokens()` stores one.
 *
 * @example
 * ```ts
 * import { OAuthStrategy, type TokenStorage, type Tokens } from '@site-identity/wix-sdk';
 *
 * let held: Tokens | undefined;
 * const tokenStorage: TokenStorage = {
 *   getTokens: () =>
 *     held ?? { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } },
 *   setTokens: (tokens) => void (held = tokens),
 * };
 * OAuthStrategy({ clientId: 'my-client-id', tokenStorage });
 * ```
 */
export interface TokenStorage {
  getTokens(): Tokens;
  setTokens(tokens: Tokens): void;
}

/**
 * An identity provider to sign in with instead of the hosted login form: Google,
 * Facebook, or a site's own connection by id.
 *
 * @example
 * ```ts
 * import type { IdentityProvider } from '@site-identity/wix-sdk';
 *
 * const google: IdentityProvider = 'google';
 * const own: IdentityProvider = { connectionId: 'my-connection-id' };
 * ```
 */
export type IdentityProvider = 'google' | 'facebook' | { connectionId: string };

/**
 * The states of a login, register or verification result. An enum with the same
 * name and members as `@wix/sdk`'s, so that results of either compare and assign to
 * each other.
 *
 * @example
 * ```ts
 * import { LoginState, OAuthStrategy } from '@site-identity/wix-sdk';
 *
 * const auth = OAuthStrategy({ clientId: 'my-client-id' });
 * const result = await auth.login({ email: 'ada@example.com', password: 'secret' });
 * if (result.loginState === LoginState.SUCCESS) console.log('signed in');
 * ```
 */
export enum LoginState {
  SUCCESS = 'SUCCESS',
  INITIAL = 'INITIAL',
  FAILURE = 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED = 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED = 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED = 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED = 'SILENT_CAPTCHA_REQUIRED',
}

/**
 * The role a refresh token grants, as `@wix/sdk` names it.
 *
 * @example
 * ```ts
 * import { OAuthStrategy, TokenRole } from '@site-identity/wix-sdk';
 *
 * const auth = OAuthStrategy({ clientId: 'my-client-id' });
 * const isMember = auth.getTokens().refreshToken.role === TokenRole.MEMBER;
 * ```
 */
export enum TokenRole {
  NONE = 'none',
  VISITOR = 'visitor',
  MEMBER = 'member',
}

/**
 * The catalogue names of a failed login's or registration's `errorCode`, as
 * `@wix/sdk` names them.
 *
 * @example
 * ```ts
 * import type { StateErrorCode } from '@site-identity/wix-sdk';
 *
 * const retryable: StateErrorCode[] = ['invalidCaptchaToken', 'missingCaptchaToken'];
 * ```
 */
export type StateErrorCode =
  | 'invalidEmail'
  | 'invalidPassword'
  | 'resetPassword'
  | 'missingCaptchaToken'
  | 'emailAlreadyExists'
  | 'invalidCaptchaToken';

/**
 * What `login`, `register` and `processVerification` resolve with: `@wix/sdk`'s
 * `StateMachine`. A failure keeps the typed error of `@site-identity/member-auth`
 * as `cause` (its `code` says `NETWORK_ERROR`, `TOO_MANY_REQUESTS`, … where the
 * catalogue has no name, and `errorCode` is then absent).
 *
 * @example
 * ```ts
 * import { LoginState, type StateMachine } from '@site-identity/wix-sdk';
 *
 * const describe = (state: StateMachine) =>
 *   state.loginState === LoginState.FAILURE ? state.error : state.loginState;
 * ```
 */
export type StateMachine =
  | { loginState: LoginState.INITIAL }
  | { loginState: LoginState.SUCCESS; data: { sessionToken: string } }
  | {
      loginState: LoginState.FAILURE;
      error: string;
      errorCode?: StateErrorCode;
      /** The error behind the failure (`MemberAuthError`). */
      cause?: unknown;
    }
  | { loginState: LoginState.EMAIL_VERIFICATION_REQUIRED; data: { stateToken: string } }
  | { loginState: LoginState.OWNER_APPROVAL_REQUIRED }
  | { loginState: LoginState.SILENT_CAPTCHA_REQUIRED; data: { stateToken: string } }
  | { loginState: LoginState.USER_CAPTCHA_REQUIRED; data: { stateToken: string } };

/**
 * What `generateOAuthData` returns and `getAuthUrl`/`getMemberTokens` take: the
 * PKCE pair, the state and the URIs of one hosted login. The app keeps it (session
 * storage) between the redirect and the callback.
 *
 * @example
 * ```ts
 * import { OAuthStrategy, type OauthData } from '@site-identity/wix-sdk';
 *
 * const auth = OAuthStrategy({ clientId: 'my-client-id' });
 * const oauthData: OauthData = auth.generateOAuthData('https://example.com/callback', '/account');
 * sessionStorage.setItem('oauthData', JSON.stringify(oauthData));
 * ```
 */
export interface OauthData {
  codeVerifier: string;
  codeChallenge: string;
  state: string;
  originalUri: string;
  redirectUri: string;
}

/**
 * The credentials of `login` (and, with a profile, `register`).
 *
 * @example
 * ```ts
 * import type { LoginParams } from '@site-identity/wix-sdk';
 *
 * const params: LoginParams = { email: 'ada@example.com', password: 'secret' };
 * ```
 */
export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: { invisibleRecaptchaToken?: string; recaptchaToken?: string };
}

/**
 * What `register` takes: the credentials and an optional identity profile.
 *
 * @example
 * ```ts
 * import type { RegisterParams } from '@site-identity/wix-sdk';
 *
 * const params: RegisterParams = {
 *   email: 'ada@example.com',
 *   password: 'secret',
 *   profile: { nickname: 'Ada' },
 * };
 * ```
 */
export interface RegisterParams extends LoginParams {
  /** The member's profile (`IdentityProfile` of `@site-identity/member-auth`; `@wix/sdk`'s also fits). */
  profile?: { [K in keyof IdentityProfile]?: unknown };
}
