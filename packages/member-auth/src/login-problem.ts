import type { LoginProblem } from './login-result';
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
 * with `code` and `message`.
 *
 * @example
 * ```ts
 * const result = loginProblem('FAILURE', 'invalidPassword', 'Enter a password');
 * result.cause.code; // 'invalidPassword'
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
  const result: LoginProblem = { loginState, data, error: message, errorCode: code, cause: error };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}
