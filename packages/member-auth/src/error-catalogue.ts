import { toPlatformError, type PlatformError } from '@site-identity/http';
import { loginProblem } from './login-problem';
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

/** Platform application codes of the catalogue. */
const MISSING_CAPTCHA = '-19971';
const INVALID_CAPTCHA = '-19970';
const EMAIL_EXISTS = '-19995';
const INVALID_PASSWORD = '-19976';
const RESET_PASSWORD = '-19973';

const UNREACHABLE = ['network', 'timeout', 'aborted', 'NETWORK_ERROR', 'TIMEOUT', 'ABORTED'];

/** Whether `error` or one of its causes says no answer came: offline, time-out, abort. */
function unreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { kind, code, cause } = error as { kind?: unknown; code?: unknown; cause?: unknown };
  return (
    UNREACHABLE.includes(kind as string) ||
    UNREACHABLE.includes(code as string) ||
    unreachable(cause, depth + 1)
  );
}

/**
 * The code a platform error maps to when it is not a catalogue row: no answer,
 * also when the token endpoint could not be reached for the visitor token that
 * authorises the call, or a 408 (`networkError`); a 429 (`tooManyRequests`); a server failure or an answer that is not
 * JSON (`serverError`); else `fallback`.
 */
export function transportCode(
  error: PlatformError,
  fallback: KnownMemberAuthErrorCode,
): KnownMemberAuthErrorCode {
  // 408 is a time-out and 429 a rate limit: neither says anything about the member's input.
  if (unreachable(error) || error.status === 408) return 'networkError';
  if (error.status === 429) return 'tooManyRequests';
  return error.kind === 'http' || error.kind === 'system' ? 'serverError' : fallback;
}

/**
 * Maps any error of a `register`, `login` or verification request to a result,
 * by the platform's error catalogue:
 *
 * | call | platform | result |
 * |---|---|---|
 * | register, login | `-19971` | `SILENT_CAPTCHA_REQUIRED`, `missingCaptchaToken` |
 * | register, login | `-19970` | `USER_CAPTCHA_REQUIRED`, `invalidCaptchaToken` |
 * | register | `-19995` | `FAILURE`, `emailAlreadyExists` |
 * | register | a field violation of type `EMAIL` | `FAILURE`, `invalidEmail` |
 * | register | another validation error | `FAILURE`, `invalidArgument` |
 * | register, verify | another application error | `FAILURE`, `requestFailed` |
 * | login | `-19976` | `FAILURE`, `invalidPassword` |
 * | login | `-19973` | `FAILURE`, `resetPassword` |
 * | login | any other application or validation error | `FAILURE`, `invalidEmail` |
 * | any | no answer, time-out (also 408), abort | `FAILURE`, `networkError` |
 * | any | 429 Too Many Requests | `FAILURE`, `tooManyRequests` |
 * | any | 5xx without details, an answer that is not JSON | `FAILURE`, `serverError` |
 *
 * `error` is the platform's message (`INVALID_ARGUMENT: …` for validation errors,
 * `System error occurred, request-id: …` for server failures); `cause` is a
 * `MemberAuthError` holding the `PlatformError` and its request id.
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
 * ```
 */
export function catalogueError(call: CatalogueCall, error: unknown): LoginProblem {
  if (isMemberAuthError(error)) {
    return loginProblem('FAILURE', error.code, error.message, {
      cause: error.cause,
      requestId: error.requestId,
    });
  }
  const platform = toPlatformError(error);
  const { code, kind } = platform;
  let state: LoginProblem['loginState'] = 'FAILURE';
  let errorCode: KnownMemberAuthErrorCode;
  const fallback =
    call === 'login'
      ? 'invalidEmail'
      : call === 'register' && kind === 'validation'
        ? 'invalidArgument'
        : 'requestFailed';

  if (call !== 'verify' && code === MISSING_CAPTCHA) {
    state = 'SILENT_CAPTCHA_REQUIRED';
    errorCode = 'missingCaptchaToken';
  } else if (call !== 'verify' && code === INVALID_CAPTCHA) {
    state = 'USER_CAPTCHA_REQUIRED';
    errorCode = 'invalidCaptchaToken';
  } else if (call === 'register' && code === EMAIL_EXISTS) {
    errorCode = 'emailAlreadyExists';
  } else if (
    call === 'register' &&
    platform.fieldViolations.some((violation) => violation.type === 'EMAIL')
  ) {
    errorCode = 'invalidEmail';
  } else if (call === 'login' && code === INVALID_PASSWORD) {
    errorCode = 'invalidPassword';
  } else if (call === 'login' && code === RESET_PASSWORD) {
    errorCode = 'resetPassword';
  } else {
    errorCode = transportCode(platform, fallback);
  }
  return loginProblem(state, errorCode, platform.message, {
    cause: platform,
    requestId: platform.requestId,
  });
}
