import type { LoginProblem } from './login-result';
import { loginErrorCode } from './login-error-code';
import { MemberAuthError, type MemberAuthErrorCode } from './member-auth-error';

/** What {@link loginProblem} adds beyond state, code and message. */
export interface LoginProblemExtras {
  cause?: unknown;
  requestId?: string | undefined;
  data?: LoginProblem['data'];
  serverState?: string | undefined;
  mfa?: LoginProblem['mfa'];
  identity?: LoginProblem['identity'];
}

/**
 * A FAILURE (or captcha) result whose `cause` is a new {@link MemberAuthError}
 * with `code` and `message`; its `errorCode` is the catalogue's name for `code`
 * (`loginErrorCode`).
 *
 * @example
 * ```ts
 * const result = loginProblem('FAILURE', 'INVALID_PASSWORD', 'Enter a password');
 * result.cause.code; // 'INVALID_PASSWORD'
 * result.errorCode; // 'invalidPassword'
 * ```
 */
export function loginProblem(
  loginState: LoginProblem['loginState'],
  code: MemberAuthErrorCode,
  message: string,
  extras: LoginProblemExtras = {},
): LoginProblem {
  const { cause, requestId, data = {}, ...rest } = extras;
  const error = new MemberAuthError(message, { code, requestId, cause });
  const result: LoginProblem = {
    loginState,
    data,
    error: message,
    errorCode: loginErrorCode(code),
    cause: error,
  };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}
