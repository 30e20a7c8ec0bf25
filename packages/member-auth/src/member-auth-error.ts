import { isSiteIdentityError, SiteIdentityError, type RequestDetail } from '@site-identity/http';
/**
 * The codes this package assigns, the `code` of a {@link MemberAuthError}. A FAILURE
 * {@link LoginResult} carries the error as `cause` and the spec's catalogue name
 * of the code as `errorCode` (`INVALID_EMAIL` → `invalidEmail`, see {@link LoginErrorCode}):
 *
 * | code | when |
 * |---|---|
 * | `INVALID_EMAIL` | a malformed e-mail (checked before any request), an EMAIL field violation on register, or any other login rejection |
 * | `INVALID_PASSWORD` | an empty password (checked before any request), or platform code `-19976` on login |
 * | `EMAIL_ALREADY_EXISTS` | platform code `-19995` on register |
 * | `RESET_PASSWORD_REQUIRED` | platform code `-19973` on login: the member must reset the password |
 * | `MISSING_CAPTCHA_TOKEN` | platform code `-19971` |
 * | `INVALID_CAPTCHA_TOKEN` | platform code `-19970` |
 * | `INVALID_ARGUMENT` | any other validation error, or bad input to a call that has no result type |
 * | `UNKNOWN_STATE` | the platform answered a state this library does not complete (STATUS_CHECK, REQUIRE_MFA, …) |
 * | `NO_PENDING_VERIFICATION` | `verifyEmail` or `resendVerificationCode` without an e-mail verification in progress |
 * | `NOT_LOGGED_IN` | `changePassword` while no member is logged in |
 * | `LOGIN_NOT_COMPLETED` | the login succeeded but exchanging the session token for member tokens failed |
 * | `NETWORK_ERROR` | the request never got an answer (offline, time-out, a 408) |
 * | `SITE_MISCONFIGURED` | the platform refused the app's configuration, not the member's input: an unknown client id, a wrong `apiBaseUrl` or token URL, an unpublished site, an origin or redirect URI the app's OAuth settings do not allow; the message names the value sent and the setting to change |
 * | `TOO_MANY_REQUESTS` | the platform answered 429: try again later |
 * | `SERVER_ERROR` | the platform failed (5xx) or answered something that is not the expected JSON (an HTML page) |
 * | `REQUEST_FAILED` | any other platform rejection of a call that has no catalogue |
 * | `WEBAUTHN_UNSUPPORTED` | `verifyWithPasskey` where WebAuthn is not available (an older browser, an insecure page, Node) |
 * | `WEBAUTHN_CANCELLED` | the member cancelled the passkey prompt, or it timed out (`NotAllowedError`) |
 * | `WEBAUTHN_NO_AUTHENTICATOR` | no authenticator offered a passkey for the site |
 * | `WEBAUTHN_FAILED` | any other WebAuthn failure (a relying party the page may not use, options that do not parse) |
 * | `PUSH_DENIED` | the member denied the push sign-in on the device |
 * | `PUSH_EXPIRED` | the push sign-in request expired on the platform |
 * | `PUSH_TIMED_OUT` | `waitForPushApproval` waited its whole time-out without an answer |
 *
 * `ABORTED` is not among them: it has one origin, http's abort error. A call aborted
 * by its `signal` gives a `PlatformError` of kind `aborted`, code `ABORTED`: as the
 * `cause` of a FAILURE result (`errorCode: 'ABORTED'`) for a login, registration or
 * verification, as the rejection of any other call.
 *
 * @example
 * ```ts
 * import type { KnownMemberAuthErrorCode } from '@site-identity/member-auth';
 *
 * const askAgain: KnownMemberAuthErrorCode[] = ['INVALID_EMAIL', 'INVALID_PASSWORD'];
 * ```
 */
export type KnownMemberAuthErrorCode =
  | 'INVALID_EMAIL'
  | 'INVALID_PASSWORD'
  | 'EMAIL_ALREADY_EXISTS'
  | 'RESET_PASSWORD_REQUIRED'
  | 'MISSING_CAPTCHA_TOKEN'
  | 'INVALID_CAPTCHA_TOKEN'
  | 'INVALID_ARGUMENT'
  | 'UNKNOWN_STATE'
  | 'NO_PENDING_VERIFICATION'
  | 'NOT_LOGGED_IN'
  | 'LOGIN_NOT_COMPLETED'
  | 'NETWORK_ERROR'
  | 'SITE_MISCONFIGURED'
  | 'TOO_MANY_REQUESTS'
  | 'SERVER_ERROR'
  | 'REQUEST_FAILED'
  | 'WEBAUTHN_UNSUPPORTED'
  | 'WEBAUTHN_CANCELLED'
  | 'WEBAUTHN_NO_AUTHENTICATOR'
  | 'WEBAUTHN_FAILED'
  | 'PUSH_DENIED'
  | 'PUSH_EXPIRED'
  | 'PUSH_TIMED_OUT';

/**
 * A {@link MemberAuthError}'s `code`: one of {@link KnownMemberAuthErrorCode}, open
 * to codes later versions may add.
 *
 * @example
 * ```ts
 * import type { MemberAuthErrorCode } from '@site-identity/member-auth';
 *
 * const code: MemberAuthErrorCode = 'EMAIL_ALREADY_EXISTS';
 * ```
 */
export type MemberAuthErrorCode = KnownMemberAuthErrorCode | (string & {});

/**
 * What a {@link MemberAuthError} is built from.
 *
 * @example
 * ```ts
 * import { MemberAuthError, type MemberAuthErrorInit } from '@site-identity/member-auth';
 *
 * const init: MemberAuthErrorInit = { code: 'NOT_LOGGED_IN' };
 * throw new MemberAuthError('Log in first', init);
 * ```
 */
export interface MemberAuthErrorInit {
  readonly code: MemberAuthErrorCode;
  /** The platform's request id, when a request was made. */
  readonly requestId?: string | undefined;
  /** The request that failed without an answer: method, URL with host and port, network code. */
  readonly detail?: RequestDetail | undefined;
  /** The underlying error, usually a `PlatformError` from `@site-identity/http`. */
  readonly cause?: unknown;
}

/**
 * The one error class of this package. A FAILURE or captcha {@link LoginResult}
 * carries one as `cause`; the calls that have no result type (`changePassword`,
 * `resetPassword`, …) reject with one. `cause` holds the `PlatformError` when the
 * platform was asked, and `requestId` its request id. Messages never contain a
 * token, a password or a verification code.
 *
 * @example
 * ```ts
 * import { isMemberAuthError } from '@site-identity/member-auth';
 * import type { MemberAuth } from '@site-identity/member-auth';
 * declare const auth: MemberAuth;
 * declare function showLogin(...args: unknown[]): unknown;
 *
 * try {
 *   await auth.changePassword('a new secret');
 * } catch (error) {
 *   if (isMemberAuthError(error) && error.code === 'NOT_LOGGED_IN') showLogin();
 * }
 * ```
 */
export class MemberAuthError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'MemberAuthError';
  declare name: 'MemberAuthError';
  /** Machine-readable code, one of {@link KnownMemberAuthErrorCode}. */
  declare readonly code: MemberAuthErrorCode;
  /** The platform's `x-wix-request-id`, when a request was made. */
  declare readonly requestId: string | undefined;
  /** The request that failed without an answer (method, URL with host and port, network code), when one did. */
  declare readonly detail: RequestDetail | undefined;

  constructor(message: string, init: MemberAuthErrorInit) {
    super(message, { requestId: undefined, detail: undefined, ...init });
  }
}

/**
 * Whether `value` is a {@link MemberAuthError}, also one made by another copy of
 * this package or in another realm: it checks the one brand of `SiteIdentityError`
 * and the `code`, not the prototype.
 *
 * @example
 * ```ts
 * import { isMemberAuthError } from '@site-identity/member-auth';
 * import type { MemberAuth } from '@site-identity/member-auth';
 * declare const auth: MemberAuth;
 * declare const token: string;
 * declare const password: string;
 *
 * auth.resetPassword(token, password).catch((error: unknown) => {
 *   if (isMemberAuthError(error)) console.warn(error.code, error.requestId);
 * });
 * ```
 */
export function isMemberAuthError(value: unknown): value is MemberAuthError {
  return isSiteIdentityError(value, 'MemberAuthError');
}

/** `INVALID_ARGUMENT` with a finished message: the `make` of http's shared checks. */
export const invalidArgument = (message: string): MemberAuthError =>
  new MemberAuthError(message, { code: 'INVALID_ARGUMENT' });
