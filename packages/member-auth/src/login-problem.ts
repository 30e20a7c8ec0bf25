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

/** What {@link loginProblem} adds beyond state, code and message. */
export interface LoginProblemExtras {
  cause?: unknown;
  requestId?: string | undefined;
  detail?: RequestDetail | undefined;
  /** The member's text, for a code of a separate import; default `memberText(code)`. */
  memberText?: string | undefined;
  data?: LoginProblem['data'];
  serverState?: string | undefined;
  mfa?: LoginProblem['mfa'];
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
 * A FAILURE (or captcha) result whose `cause` is a new {@link MemberAuthError}
 * with `code` and the developer's `message` (and `detail`); its `errorCode` is the
 * catalogue's name for `code` (`loginErrorCode`), and its `error` the member's text
 * for `code` (`memberText`). For `ABORTED` the `cause` is http's one abort error
 * instead (a `PlatformError`), the platform call's own when there was one.
 *
 * @example
 * ```ts
 * const result = loginProblem('FAILURE', 'INVALID_PASSWORD', 'Enter a password');
 * result.cause.code; // 'INVALID_PASSWORD'
 * result.errorCode; // 'invalidPassword'
 * result.error; // 'The password is missing or not right. Enter it again.'
 * ```
 */
export function loginProblem(
  loginState: LoginProblem['loginState'],
  code: MemberAuthErrorCode,
  message: string,
  extras: LoginProblemExtras = {},
): LoginProblem {
  const { cause, requestId, detail, data = {}, memberText: text, ...rest } = extras;
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
