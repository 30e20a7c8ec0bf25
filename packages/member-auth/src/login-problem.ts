import type { LoginProblem } from './login-result';
import { loginErrorCode } from './login-error-code';
import type { RequestDetail } from '@site-identity/http';
import { MemberAuthError, type MemberAuthErrorCode } from './member-auth-error';
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
 * A FAILURE (or captcha) result whose `cause` is a new {@link MemberAuthError}
 * with `code` and the developer's `message` (and `detail`); its `errorCode` is the
 * catalogue's name for `code` (`loginErrorCode`), and its `error` the member's text
 * for `code` (`memberText`).
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
  const error = new MemberAuthError(message, { code, requestId, detail, cause });
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
