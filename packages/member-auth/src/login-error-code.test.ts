import { describe, expect, test } from 'vitest';
import { loginErrorCode } from './login-error-code';

describe('loginErrorCode', () => {
  test.each([
    ['INVALID_EMAIL', 'invalidEmail'],
    ['INVALID_PASSWORD', 'invalidPassword'],
    ['EMAIL_ALREADY_EXISTS', 'emailAlreadyExists'],
    ['RESET_PASSWORD_REQUIRED', 'resetPassword'],
    ['MISSING_CAPTCHA_TOKEN', 'missingCaptchaToken'],
    ['INVALID_CAPTCHA_TOKEN', 'invalidCaptchaToken'],
    ['INVALID_ARGUMENT', 'INVALID_ARGUMENT'],
    ['UNKNOWN_STATE', 'UNKNOWN_STATE'],
    ['NO_PENDING_VERIFICATION', 'NO_PENDING_VERIFICATION'],
    ['LOGIN_NOT_COMPLETED', 'LOGIN_NOT_COMPLETED'],
    ['NETWORK_ERROR', 'NETWORK_ERROR'],
    ['ABORTED', 'ABORTED'],
    ['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS'],
    ['SERVER_ERROR', 'SERVER_ERROR'],
    ['REQUEST_FAILED', 'REQUEST_FAILED'],
    ['A_LATER_CODE', 'A_LATER_CODE'],
    ['toString', 'toString'],
  ])('%s → errorCode %s', (code, errorCode) => {
    expect(loginErrorCode(code)).toBe(errorCode);
  });
});
