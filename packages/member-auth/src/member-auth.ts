import type { CallSignal } from './call-signal';
import { DEFAULT_API_BASE_URL, type HttpClientOptions } from '@site-identity/http';
import { absoluteUrl, invalid, optionalFunction, clientIdOf } from '@site-identity/http/internal';
import {
  accountCalls,
  type ActivationEmailOptions,
  type PasswordResetEmailOptions,
  type SignOnParams,
  type SignOnResult,
} from './account-calls';
import type { MemberAuthCaptcha } from './captcha-tokens';
import type { VerifiableFactorType, VerifyFactorOptions } from './factor-verification';
import { internals } from './internals';
import {
  credentialsFlow,
  verifyEmailFlow,
  verifyFactorFlow,
  type LoginParams,
  type RegisterParams,
  type VerifyEmailParams,
} from './login-flows';
import { checkCompletionSettings, type BeforeRedirectEvent } from './login-completion';
import type { LoginResult } from './login-result';
import { platformCalls } from './platform-calls';
import type { RefusalListener } from './refusal-listeners';
import type { MemberAuthRedirects, MemberAuthTokens } from './ports';
import {
  createVerificationStore,
  type VerificationRecord,
  type VerificationStorage,
} from './verification-store';
import { invalidArgument } from './member-auth-error';

/**
 * Options of {@link createMemberAuth}.
 *
 * @example
 * ```ts
 * import type { MemberAuthOptions } from '@site-identity/member-auth';
 * import { createCaptcha, type CaptchaProvider } from '@site-identity/member-auth/captcha';
 * import type { TokenManager } from '@site-identity/tokens';
 * import type { Redirects } from '@site-identity/redirects';
 * declare const tokens: TokenManager;
 * declare const redirects: Redirects;
 * declare const provider: CaptchaProvider;
 *
 * const options: MemberAuthOptions = { tokens, redirects, captcha: createCaptcha({ provider }) };
 * ```
 */
export interface MemberAuthOptions {
  /**
   * The site's OAuth client id. Default: the token manager's. One given must be the
   * manager's (`INVALID_ARGUMENT` naming both otherwise).
   */
  clientId?: string;
  /** The token manager; its access token authorises every call. */
  tokens: MemberAuthTokens;
  /**
   * The redirect client: its `silentLogin` (hidden frame) and `loginWithRedirect`
   * (top-level redirect) complete a SUCCESS login.
   */
  redirects: MemberAuthRedirects;
  /**
   * The callback page of a login completed by redirect: the page where the app calls
   * `redirects.completeLogin()`. Without it, `completeLogin: 'auto'` uses the hidden
   * frame only and `'redirect'` is refused. A call's `redirectUri` overrides it.
   */
  redirectUri?: string;
  /**
   * Under `completeLogin: 'auto'`: how long the hidden frame may take to answer
   * before the redirect. Default 10000 ms (`DEFAULT_FRAME_BUDGET_MS`).
   */
  frameBudgetMs?: number;
  /**
   * Called just before the page leaves for a login completed by redirect, to save
   * what the app needs on the callback page; see {@link BeforeRedirectEvent}.
   */
  onBeforeRedirect?: (event: BeforeRedirectEvent) => void;
  /** The platform's API base. Default: the token manager's, else `https://www.wixapis.com`. */
  apiBaseUrl?: string;
  /** The `fetch` to use. Default: the token manager's, else `globalThis.fetch`, looked up per request. */
  fetch?: HttpClientOptions['fetch'];
  /**
   * reCAPTCHA handling, made by `createCaptcha` of `@site-identity/member-auth/captcha`
   * (a separate import). Without it, a captcha demand resolves with
   * SILENT_ or USER_CAPTCHA_REQUIRED for the app to act on; see {@link MemberAuthCaptcha}.
   */
  captcha?: MemberAuthCaptcha;
  /**
   * Where the e-mail verification flow is kept. Default `window.sessionStorage`
   * (memory where there is none), key `site-identity:<clientId>:verification`.
   */
  verificationStorage?: VerificationStorage;
}

/**
 * The member calls of one site. Made by {@link createMemberAuth}.
 *
 * `register`, `login`, `verifyEmail` and `verifyFactor` resolve with a
 * {@link LoginResult} for every outcome and never reject. The other calls reject
 * with a {@link MemberAuthError} only. Every call takes a `signal` ({@link CallSignal}),
 * in its params or options object or as its last argument; an abort gives `ABORTED`.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 *
 * async function signIn(auth: MemberAuth, email: string, password: string) {
 *   const result = await auth.login({ email, password });
 *   return result.loginState === 'SUCCESS';
 * }
 * ```
 */
export interface MemberAuth {
  /**
   * Registers a member (`POST /v2/register`). Checks the e-mail and the password
   * first; handles captcha answers; on SUCCESS completes the login as
   * `completeLogin` says (default `'auto'`: the hidden frame, else a redirect; see
   * `CompleteLoginStrategy`) and says how in `completedBy`; on
   * EMAIL_VERIFICATION_REQUIRED stores the flow.
   */
  register(params: RegisterParams): Promise<LoginResult>;
  /** Logs a member in (`POST /v2/login`); as `register` otherwise. */
  login(params: LoginParams): Promise<LoginResult>;
  /**
   * Sends the e-mailed code (`POST /v1/auth/verify`), only while the last state
   * was EMAIL_VERIFICATION_REQUIRED (the stored flow), else FAILURE
   * `NO_PENDING_VERIFICATION`. On SUCCESS completes the login and forgets the flow.
   */
  verifyEmail(params: VerifyEmailParams): Promise<LoginResult>;
  /** Sends the code again (`POST /v1/auth/resend`) for `stateToken` or the stored flow. */
  resendVerificationCode(stateToken?: string, call?: CallSignal): Promise<void>;
  /** The stored e-mail verification flow, for example to show the code form after a reload. */
  getPendingVerification(): VerificationRecord | undefined;
  /** E-mails a password reset link leading to `redirectUri` (`POST /v1/send-email`). */
  sendPasswordResetEmail(email: string, options: PasswordResetEmailOptions): Promise<void>;
  /** Sets a new password with the recovery token of the e-mailed link (`POST /v1/recover`). */
  resetPassword(recoveryToken: string, password: string, call?: CallSignal): Promise<void>;
  /** Changes the logged-in member's password (`POST /v2/change-password`); `NOT_LOGGED_IN` without a request otherwise. */
  changePassword(newPassword: string, call?: CallSignal): Promise<void>;
  /**
   * Verifies one factor of a REQUIRE_MFA answer (`POST /v2/{factor}/verify`, the
   * factor type in lower case: `sms`, `totp`, `recovery_code`, …), sending the
   * factor's data as `<factor>Data`; typed per factor ({@link VerifyFactorOptions}).
   * Bad input is a FAILURE `INVALID_ARGUMENT` without a request. Resolves like
   * `login`. For a passkey or a push approval, `verifyWithPasskey`
   * (`@site-identity/member-auth/webauthn`) and `waitForPushApproval`
   * (`@site-identity/member-auth/push`) run the ceremony or the polling.
   */
  verifyFactor<T extends VerifiableFactorType>(
    factorType: T,
    options: VerifyFactorOptions<T>,
  ): Promise<LoginResult>;
  /** E-mails an activation link to a member who has no password yet (`POST /v1/activation-email`). */
  sendActivationEmail(
    identityId: string,
    emailOptions?: ActivationEmailOptions,
    call?: CallSignal,
  ): Promise<void>;
  /**
   * Starts e-mail verification of an identity (`POST /v1/Start`, target `EMAIL`):
   * the platform e-mails a code; the flow is stored, so `verifyEmail({ code })`
   * follows as after an EMAIL_VERIFICATION_REQUIRED answer.
   */
  startEmailVerification(identityId: string, call?: CallSignal): Promise<{ stateToken: string }>;
  /**
   * Server only: signs a member on without a password (`POST /v2/sign-on`). The
   * call needs elevated credentials (through `fetch` or the tokens); hand the
   * session token to the browser, which completes the login with
   * `redirects.silentLogin(sessionToken)`.
   */
  signOn(params: SignOnParams): Promise<SignOnResult>;
}

/**
 * Creates the member calls of one site: register, login, e-mail verification,
 * password recovery, MFA, and for servers sign-on. Nothing is sent and no storage
 * is touched until a call is made. What an app may not use is a separate import
 * that takes this client or extends it: captcha (`@site-identity/member-auth/captcha`)
 * and external login (`@site-identity/member-auth/external-login`).
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createMemberAuth } from '@site-identity/member-auth';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const redirects = createRedirects({ tokens });
 * const auth = createMemberAuth({ tokens, redirects });
 *
 * const result = await auth.login({ email: 'ada@example.com', password: 'correct horse' });
 * if (result.loginState === 'SUCCESS') console.log(tokens.isLoggedIn()); // true
 * ```
 */
export function createMemberAuth(options: MemberAuthOptions): MemberAuth {
  const { tokens, redirects, captcha, verificationStorage } = options ?? {};
  const clientId = clientIdOf(options?.clientId, tokens, invalidArgument);
  if (typeof tokens?.getAccessToken !== 'function')
    throw invalid(
      { name: 'tokens', expected: 'a token manager of @site-identity/tokens', value: tokens },
      invalidArgument,
    );
  if (
    typeof redirects?.silentLogin !== 'function' ||
    typeof redirects.loginWithRedirect !== 'function'
  )
    throw invalid(
      {
        name: 'redirects',
        expected: 'a redirect client of @site-identity/redirects',
        value: redirects,
      },
      invalidArgument,
    );
  if (captcha !== undefined && typeof captcha?.send !== 'function')
    throw invalid(
      {
        name: 'captcha',
        expected: 'made by createCaptcha of @site-identity/member-auth/captcha',
        value: captcha,
      },
      invalidArgument,
    );

  const calls = platformCalls(
    absoluteUrl(
      options.apiBaseUrl ?? tokens.apiBaseUrl ?? DEFAULT_API_BASE_URL,
      'apiBaseUrl',
      invalidArgument,
    ).href.replace(/\/+$/, ''),
    optionalFunction(options.fetch, 'fetch', invalidArgument) ?? tokens.fetch,
    tokens,
  );
  // The completion settings, checked once as a call's, and onBeforeRedirect a function.
  checkCompletionSettings(options);
  optionalFunction(options.onBeforeRedirect, 'onBeforeRedirect', invalidArgument);
  // What the login flows, the account calls and the separate imports share: the checked
  // options by name (read as the checks read them, a getter's included), the platform
  // calls (request, post), the client id, the store, and who hears its configuration refusals.
  const ctx = {
    tokens,
    redirects,
    captcha,
    redirectUri: options.redirectUri,
    frameBudgetMs: options.frameBudgetMs,
    onBeforeRedirect: options.onBeforeRedirect,
    ...calls,
    clientId,
    store: createVerificationStore(clientId, verificationStorage && (() => verificationStorage)),
    refusalListeners: new Set<RefusalListener>(),
  };

  const memberAuth: MemberAuth = {
    register: (params, ...more: unknown[]) =>
      credentialsFlow(ctx, { call: 'register', input: params, more: more.length }),
    login: (params, ...more: unknown[]) =>
      credentialsFlow(ctx, { call: 'login', input: params, more: more.length }),
    verifyEmail: (params) => verifyEmailFlow(ctx, params),
    verifyFactor: (factorType, factorOptions) => verifyFactorFlow(ctx, factorType, factorOptions),
    getPendingVerification: () => ctx.store.read(),
    ...accountCalls(ctx),
  };
  return internals.lend(memberAuth, ctx);
}
