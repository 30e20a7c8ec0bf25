import { toPlatformError, type PlatformError } from '@site-identity/http';
import { isRecord } from '@site-identity/http/internal';
import { loginProblem, type ProblemCode } from './login-problem';
import type { LoginProblem } from './login-result';
import { isMemberAuthError, type KnownMemberAuthErrorCode } from './member-auth-error';

/**
 * The call whose platform errors are mapped: each has its own catalogue.
 * `verify` covers `verifyEmail` and `verifyFactor`.
 *
 * @example
 * ```ts
 * import { catalogueError, type CatalogueCall } from '@site-identity/member-auth';
 * import type { PlatformError } from '@site-identity/http';
 * declare const platformError: PlatformError;
 *
 * const call: CatalogueCall = 'login';
 * catalogueError(call, platformError);
 * ```
 */
export type CatalogueCall = 'register' | 'login' | 'verify';

/**
 * The catalogue's rows, `<call> <platform's application code>` → the code of the result;
 * verify, and a call outside the catalogue (the argument as it came), have none.
 */
const ROWS: Readonly<Record<string, KnownMemberAuthErrorCode>> = {
  'register -19971': 'MISSING_CAPTCHA_TOKEN',
  'register -19970': 'INVALID_CAPTCHA_TOKEN',
  'register -19995': 'EMAIL_ALREADY_EXISTS',
  'login -19971': 'MISSING_CAPTCHA_TOKEN',
  'login -19970': 'INVALID_CAPTCHA_TOKEN',
  'login -19976': 'INVALID_PASSWORD',
  'login -19973': 'RESET_PASSWORD_REQUIRED',
};

const UNREACHABLE = ['network', 'timeout', 'NETWORK_ERROR', 'TIMEOUT'];
const ABORTED = ['aborted', 'ABORTED'];

/** Whether `error` or one of its causes has a `kind` or `code` in `words`. */
function saysOneOf(words: readonly string[], error: unknown, depth = 0): boolean {
  if (!isRecord(error) || depth > 4) return false;
  const { kind, code, cause } = error;
  return (
    words.includes(kind as string) ||
    words.includes(code as string) ||
    saysOneOf(words, cause, depth + 1)
  );
}

/**
 * The code a platform error maps to when it is not a catalogue row: the caller's
 * `signal` aborted the call (`ABORTED`); no answer, also when the token endpoint
 * could not be reached for the visitor token that authorises the call, or a 408
 * (`NETWORK_ERROR`); a 429 (`TOO_MANY_REQUESTS`); a server failure or an answer
 * that is not JSON (`SERVER_ERROR`); else `fallback`.
 */
export function transportCode(
  error: PlatformError,
  fallback: KnownMemberAuthErrorCode,
): ProblemCode {
  if (saysOneOf(ABORTED, error)) return 'ABORTED';
  // 408 is a time-out and 429 a rate limit: neither says anything about the member's input.
  if (saysOneOf(UNREACHABLE, error) || error.status === 408) return 'NETWORK_ERROR';
  if (error.status === 429) return 'TOO_MANY_REQUESTS';
  return error.kind === 'http' || error.kind === 'system' ? 'SERVER_ERROR' : fallback;
}

/**
 * Maps any error of a `register`, `login` or verification request to a result,
 * by the platform's error catalogue:
 *
 * | call | platform | `loginState` | `cause.code` | `errorCode` |
 * |---|---|---|---|---|
 * | register, login | `-19971` | `SILENT_CAPTCHA_REQUIRED` | `MISSING_CAPTCHA_TOKEN` | `missingCaptchaToken` |
 * | register, login | `-19970` | `USER_CAPTCHA_REQUIRED` | `INVALID_CAPTCHA_TOKEN` | `invalidCaptchaToken` |
 * | register | `-19995` | `FAILURE` | `EMAIL_ALREADY_EXISTS` | `emailAlreadyExists` |
 * | register | a field violation of type `EMAIL` | `FAILURE` | `INVALID_EMAIL` | `invalidEmail` |
 * | register | another validation error | `FAILURE` | `INVALID_ARGUMENT` | the same |
 * | register, verify | another application error | `FAILURE` | `REQUEST_FAILED` | the same |
 * | login | `-19976` | `FAILURE` | `INVALID_PASSWORD` | `invalidPassword` |
 * | login | `-19973` | `FAILURE` | `RESET_PASSWORD_REQUIRED` | `resetPassword` |
 * | login | any other application or validation error | `FAILURE` | `INVALID_EMAIL` | `invalidEmail` |
 * | any | no answer, time-out (also 408) | `FAILURE` | `NETWORK_ERROR` | the same |
 * | any | the caller's `signal` aborted | `FAILURE` | `ABORTED` | the same |
 * | any | 429 Too Many Requests | `FAILURE` | `TOO_MANY_REQUESTS` | the same |
 * | any | 5xx without details, an answer that is not JSON | `FAILURE` | `SERVER_ERROR` | the same |
 *
 * `error` is for the member: what happened and what to do, by the code (`memberText`).
 * `cause` is a `MemberAuthError` for the developer: its message is the platform's
 * (`INVALID_ARGUMENT: …` for validation errors, `System error occurred, request-id: …`
 * for server failures, the method, URL and network reason when no answer came), with
 * the `PlatformError` as its cause, its request id, and `detail` (method, URL, network code).
 *
 * @example
 * ```ts
 * import { catalogueError } from '@site-identity/member-auth';
 * import { PlatformError } from '@site-identity/http';
 *
 * const result = catalogueError(
 *   'register',
 *   new PlatformError('Email already exists', { kind: 'application', code: '-19995', status: 409 }),
 * );
 * result.errorCode; // 'emailAlreadyExists'
 * result.cause.code; // 'EMAIL_ALREADY_EXISTS'
 * ```
 */
export function catalogueError(call: CatalogueCall, error: unknown): LoginProblem {
  if (isMemberAuthError(error)) {
    return loginProblem(error.code, error.message, {
      cause: error.cause,
      requestId: error.requestId,
      detail: error.detail,
    });
  }
  const platform = toPlatformError(error);
  const row = `${call} ${platform.code}`;
  const errorCode: ProblemCode = Object.hasOwn(ROWS, row)
    ? ROWS[row]!
    : call === 'register' && platform.fieldViolations.some(({ type }) => type === 'EMAIL')
      ? 'INVALID_EMAIL'
      : transportCode(
          platform,
          call === 'login'
            ? 'INVALID_EMAIL'
            : call === 'register' && platform.kind === 'validation'
              ? 'INVALID_ARGUMENT'
              : 'REQUEST_FAILED',
        );
  const loginState =
    errorCode === 'MISSING_CAPTCHA_TOKEN'
      ? 'SILENT_CAPTCHA_REQUIRED'
      : errorCode === 'INVALID_CAPTCHA_TOKEN'
        ? 'USER_CAPTCHA_REQUIRED'
        : 'FAILURE';
  return loginProblem(errorCode, platform.message, {
    loginState,
    cause: platform,
    requestId: platform.requestId,
    detail: platform.detail,
  });
}
