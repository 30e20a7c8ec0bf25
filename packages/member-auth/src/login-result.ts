import type { PlatformError } from '@site-identity/http';
import type { Identity } from './identity';
import type { CompletedBy } from './login-completion';
import type { LoginErrorCode } from './login-error-code';
import type { MemberAuthError } from './member-auth-error';
import type { MfaChallengeData } from './mfa-challenge';

/**
 * The states of a login or registration, as constants, for comparisons that
 * read well: `result.loginState === LoginState.SUCCESS`. `INITIAL` is the state
 * before anything was sent; no call resolves with it.
 *
 * @example
 * ```ts
 * import { LoginState } from '@site-identity/member-auth';
 * import type { MemberAuth } from '@site-identity/member-auth';
 * declare const auth: MemberAuth;
 * declare const email: string;
 * declare const password: string;
 * declare function showCodeForm(...args: unknown[]): unknown;
 *
 * const result = await auth.login({ email, password });
 * if (result.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED) showCodeForm();
 * ```
 */
export const LoginState = {
  SUCCESS: 'SUCCESS',
  INITIAL: 'INITIAL',
  FAILURE: 'FAILURE',
  EMAIL_VERIFICATION_REQUIRED: 'EMAIL_VERIFICATION_REQUIRED',
  OWNER_APPROVAL_REQUIRED: 'OWNER_APPROVAL_REQUIRED',
  USER_CAPTCHA_REQUIRED: 'USER_CAPTCHA_REQUIRED',
  SILENT_CAPTCHA_REQUIRED: 'SILENT_CAPTCHA_REQUIRED',
} as const;

/**
 * One of the {@link LoginState} values.
 *
 * @example
 * ```ts
 * import type { LoginState } from '@site-identity/member-auth';
 * import { useState } from 'react';
 *
 * const [state, setState] = useState<LoginState>('INITIAL');
 * ```
 */
export type LoginState = (typeof LoginState)[keyof typeof LoginState];

/** Fields every {@link LoginResult} may carry. */
interface LoginResultCommon {
  /** The member's identity, when the platform sent it. */
  identity?: Identity | undefined;
  /** The platform's `additionalData`, when it sent some. */
  additionalData?: Record<string, unknown> | undefined;
}

/**
 * The member is logged in. `completedBy` says how the session token became member
 * tokens: `'frame'` (they are stored), `'redirect'` (the page is leaving for the
 * hosted page; the callback page stores them with `redirects.completeLogin()`), or
 * `undefined` with `completeLogin: false` (the app does it).
 *
 * @example
 * ```ts
 * import type { LoginSuccess } from '@site-identity/member-auth';
 *
 * const onSuccess = (result: LoginSuccess) => console.log('logged in', result.identity?.id);
 * ```
 */
export interface LoginSuccess extends LoginResultCommon {
  loginState: 'SUCCESS';
  data: { sessionToken: string; stateToken?: undefined };
  /** Which path completed the login; `undefined` with `completeLogin: false`. */
  completedBy?: CompletedBy | undefined;
  error?: undefined;
  errorCode?: undefined;
  cause?: undefined;
}

/**
 * The site wants the e-mail address verified: the platform sent a code, and
 * `verifyEmail({ code })` completes the login. `data.stateToken` identifies the flow.
 *
 * @example
 * ```ts
 * import type { EmailVerificationRequired } from '@site-identity/member-auth';
 * declare function showCodeForm(...args: unknown[]): unknown;
 *
 * const onVerify = (result: EmailVerificationRequired) => showCodeForm();
 * ```
 */
export interface EmailVerificationRequired extends LoginResultCommon {
  loginState: 'EMAIL_VERIFICATION_REQUIRED';
  data: { stateToken: string; sessionToken?: undefined };
  error?: undefined;
  errorCode?: undefined;
  cause?: undefined;
}

/**
 * The site owner must approve the member before the member can log in.
 *
 * @example
 * ```ts
 * import type { OwnerApprovalRequired } from '@site-identity/member-auth';
 * declare function show(...args: unknown[]): unknown;
 *
 * const onPending = (_: OwnerApprovalRequired) => show('We will e-mail you once you are approved.');
 * ```
 */
export interface OwnerApprovalRequired extends LoginResultCommon {
  loginState: 'OWNER_APPROVAL_REQUIRED';
  data: { sessionToken?: undefined; stateToken?: undefined };
  error?: undefined;
  errorCode?: undefined;
  cause?: undefined;
}

/**
 * The state before any call; for an app's initial UI state.
 *
 * @example
 * ```ts
 * import type { LoginResult } from '@site-identity/member-auth';
 * import { useState } from 'react';
 *
 * const [result, setResult] = useState<LoginResult>({ loginState: 'INITIAL', data: {} });
 * ```
 */
export interface LoginInitial extends LoginResultCommon {
  loginState: 'INITIAL';
  data: { sessionToken?: undefined; stateToken?: undefined };
  error?: undefined;
  errorCode?: undefined;
  cause?: undefined;
}

/**
 * The call did not log the member in:
 *
 * - `FAILURE`: see `errorCode` ({@link LoginErrorCode}); `cause` is the
 *   {@link MemberAuthError}, whose own `cause` is the platform's error and whose
 *   `requestId` is the platform's request id; for `errorCode: 'ABORTED'` (the caller's
 *   `signal`) it is the one abort error of every package, http's `PlatformError` of
 *   kind `aborted`, code `ABORTED`.
 * - `SILENT_CAPTCHA_REQUIRED`: the platform wants an invisible reCAPTCHA token
 *   (`missingCaptchaToken`); run it and call again with `captchaTokens`.
 * - `USER_CAPTCHA_REQUIRED`: the platform wants a visible reCAPTCHA solved
 *   (`invalidCaptchaToken`).
 *
 * A `REQUIRE_MFA` answer is a FAILURE with errorCode `UNKNOWN_STATE` and
 * `serverState: 'REQUIRE_MFA'` (the spec's mapping), but keeps `data.stateToken` and
 * the typed challenge as `mfa` ({@link MfaChallengeData}: the factor asked first,
 * `availableFactors`, the push and passkey challenges), so that the app asks for
 * the factor and calls `verifyFactor`.
 *
 * @example
 * ```ts
 * import type { LoginProblem } from '@site-identity/member-auth';
 *
 * function explain(result: LoginProblem): string {
 *   if (result.errorCode === 'emailAlreadyExists') return 'You already have an account.';
 *   if (result.mfa) return 'Enter the code we sent you.';
 *   return result.error;
 * }
 * ```
 */
export interface LoginProblem extends LoginResultCommon {
  loginState: 'FAILURE' | 'USER_CAPTCHA_REQUIRED' | 'SILENT_CAPTCHA_REQUIRED';
  /**
   * `stateToken` is kept for a `REQUIRE_MFA` answer; `sessionToken` when the login
   * succeeded but could not be completed (`LOGIN_NOT_COMPLETED`).
   */
  data: { sessionToken?: string; stateToken?: string };
  /** A message for people. Never contains a token, a password or a code. */
  error: string;
  /**
   * A code for programs: the spec's catalogue name (`invalidEmail`,
   * `emailAlreadyExists`, `resetPassword`, …) for a catalogue failure, else
   * `cause.code` (`NETWORK_ERROR`, `UNKNOWN_STATE`, …). See {@link LoginErrorCode}.
   */
  errorCode: LoginErrorCode;
  /**
   * The error, with the platform's error and request id: a {@link MemberAuthError},
   * or http's `PlatformError` `ABORTED` when the caller's `signal` aborted the call.
   */
  cause: MemberAuthError | PlatformError;
  /** The state the platform answered, when it was one this library does not complete. */
  serverState?: string | undefined;
  /** The second-factor challenge of a `REQUIRE_MFA` answer. */
  mfa?: MfaChallengeData | undefined;
}

/**
 * What `register`, `login`, `verifyEmail` and `verifyFactor` resolve with, for
 * every outcome: they never reject.
 *
 * | platform state | `loginState` | `data` |
 * |---|---|---|
 * | `SUCCESS` | `SUCCESS` | `{ sessionToken }` |
 * | `REQUIRE_OWNER_APPROVAL` | `OWNER_APPROVAL_REQUIRED` | `{}` |
 * | `REQUIRE_EMAIL_VERIFICATION` | `EMAIL_VERIFICATION_REQUIRED` | `{ stateToken }` |
 * | anything else | `FAILURE`, error `'Unknown state'` | `{ stateToken? }` |
 *
 * @example
 * ```ts
 * import type { LoginResult } from '@site-identity/member-auth';
 *
 * function next(result: LoginResult): string {
 *   switch (result.loginState) {
 *     case 'SUCCESS': return '/account';
 *     case 'EMAIL_VERIFICATION_REQUIRED': return '/verify';
 *     case 'OWNER_APPROVAL_REQUIRED': return '/pending';
 *     default: return `/login?error=${result.errorCode ?? ''}`;
 *   }
 * }
 * ```
 */
export type LoginResult =
  LoginSuccess | EmailVerificationRequired | OwnerApprovalRequired | LoginInitial | LoginProblem;
