import type { LoginProblem } from './login-result';
import { loginErrorCode } from './login-error-code';
import { isPlatformError, type PlatformError, type RequestDetail } from '@site-identity/http';
import { abortError, isRecord } from '@site-identity/http/internal';
import {
  MemberAuthError,
  type KnownMemberAuthErrorCode,
  type MemberAuthErrorCode,
} from './member-auth-error';
import { memberText } from './member-texts';

/** What {@link loginProblem} adds beyond code and message. */
export interface LoginProblemExtras {
  /** The result's state: a captcha state the platform asked for. Default `'FAILURE'`. */
  loginState?: LoginProblem['loginState'];
  /** What went wrong underneath: the error's `cause` (for `ABORTED`, where the abort error is looked for). */
  cause?: unknown;
  /** The platform's request id, kept on the error. */
  requestId?: string | undefined;
  /** The request that failed (method, URL), kept on the error. */
  detail?: RequestDetail | undefined;
  /** The member's text, for a code of a separate import; default `memberText(code)`. */
  memberText?: string | undefined;
  /** The result's `data`: a state token or session token to keep. Default `{}`. */
  data?: LoginProblem['data'];
  /** The state the platform answered, when this library does not complete it. */
  serverState?: string | undefined;
  /** The second-factor challenge of a `REQUIRE_MFA` answer. */
  mfa?: LoginProblem['mfa'];
  /** The identity the platform answered with. */
  identity?: LoginProblem['identity'];
}

/**
 * The codes a result of this package carries: its own, and `ABORTED`, whose cause is
 * http's one abort error.
 */
export type ProblemCode = KnownMemberAuthErrorCode | 'ABORTED';

/** How deep {@link abortOf} looks for the abort error among the causes. */
const MAX_CAUSE_DEPTH = 4;

/**
 * The one abort error, http's `PlatformError` `ABORTED`: the one that `cause` is or
 * carries (the platform call's own, made by http's `send`), else a new one whose
 * `cause` is what aborted (the signal's reason, a WebAuthn `AbortError`).
 */
function abortOf(cause: unknown, message: string): PlatformError {
  for (let at = cause, depth = 0; isRecord(at) && depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (isPlatformError(at) && at.code === 'ABORTED') return at;
    at = at.cause;
  }
  return abortError(cause, message);
}

/**
 * A FAILURE (or captcha, `extras.loginState`) result whose `cause` is a new {@link MemberAuthError}
 * with `code` and the developer's `message` (and `detail`); its `errorCode` is the
 * catalogue's name for `code` (`loginErrorCode`), and its `error` the member's text
 * for `code` (`memberText`). For `ABORTED` the `cause` is http's one abort error
 * instead (a `PlatformError`), the platform call's own when there was one.
 *
 * @example
 * ```ts
 * const result = loginProblem('INVALID_PASSWORD', 'Enter a password');
 * result.cause.code; // 'INVALID_PASSWORD'
 * result.errorCode; // 'invalidPassword'
 * result.error; // 'The password is missing or not right. Enter it again.'
 * ```
 */
export function loginProblem(
  code: MemberAuthErrorCode,
  message: string,
  extras: LoginProblemExtras = {},
): LoginProblem {
  const {
    loginState = 'FAILURE',
    cause,
    requestId,
    detail,
    data = {},
    memberText: text,
    ...rest
  } = extras;
  const error =
    code === 'ABORTED'
      ? abortOf(cause, message)
      : new MemberAuthError(message, { code, requestId, detail, cause });
  const result: LoginProblem = {
    loginState,
    data,
    error: text ?? memberText(code),
    errorCode: loginErrorCode(code),
    cause: error,
  };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}
