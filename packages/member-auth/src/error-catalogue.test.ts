import { memberText } from './member-texts';
import { PlatformError, type PlatformErrorInit } from '@site-identity/http';
import { describe, expect, test } from 'vitest';
import { catalogueError, type CatalogueCall } from './error-catalogue';
import { loginErrorCode } from './login-error-code';
import { MemberAuthError } from './member-auth-error';

const application = (code: string): PlatformErrorInit => ({
  kind: 'application',
  code,
  status: 400,
  requestId: 'req-7',
});
const emailViolation: PlatformErrorInit = {
  kind: 'validation',
  code: 'INVALID_ARGUMENT',
  status: 400,
  fieldViolations: [
    { field: 'loginId.email', description: 'must be a valid e-mail', type: 'EMAIL' },
  ],
};
const otherViolation: PlatformErrorInit = {
  kind: 'validation',
  code: 'INVALID_ARGUMENT',
  status: 400,
  fieldViolations: [{ field: 'password', description: 'is too long' }],
};

describe('catalogueError', () => {
  test.each<[CatalogueCall, string, PlatformErrorInit, string, string]>([
    [
      'register',
      '-19971 missing captcha',
      application('-19971'),
      'SILENT_CAPTCHA_REQUIRED',
      'MISSING_CAPTCHA_TOKEN',
    ],
    [
      'register',
      '-19970 invalid captcha',
      application('-19970'),
      'USER_CAPTCHA_REQUIRED',
      'INVALID_CAPTCHA_TOKEN',
    ],
    ['register', '-19995 email exists', application('-19995'), 'FAILURE', 'EMAIL_ALREADY_EXISTS'],
    ['register', 'an EMAIL field violation', emailViolation, 'FAILURE', 'INVALID_EMAIL'],
    ['register', 'another field violation', otherViolation, 'FAILURE', 'INVALID_ARGUMENT'],
    ['register', 'another application code', application('-1'), 'FAILURE', 'REQUEST_FAILED'],
    ['register', '-19976 (a login code)', application('-19976'), 'FAILURE', 'REQUEST_FAILED'],
    [
      'login',
      '-19971 missing captcha',
      application('-19971'),
      'SILENT_CAPTCHA_REQUIRED',
      'MISSING_CAPTCHA_TOKEN',
    ],
    [
      'login',
      '-19970 invalid captcha',
      application('-19970'),
      'USER_CAPTCHA_REQUIRED',
      'INVALID_CAPTCHA_TOKEN',
    ],
    ['login', '-19976 invalid password', application('-19976'), 'FAILURE', 'INVALID_PASSWORD'],
    ['login', '-19973 reset password', application('-19973'), 'FAILURE', 'RESET_PASSWORD_REQUIRED'],
    ['login', 'anything else: -19999', application('-19999'), 'FAILURE', 'INVALID_EMAIL'],
    ['login', 'anything else: NOT_FOUND', application('NOT_FOUND'), 'FAILURE', 'INVALID_EMAIL'],
    ['login', 'anything else: a field violation', otherViolation, 'FAILURE', 'INVALID_EMAIL'],
    ['login', '-19995 (a register code)', application('-19995'), 'FAILURE', 'INVALID_EMAIL'],
    ['verify', 'an application code', application('-19990'), 'FAILURE', 'REQUEST_FAILED'],
    [
      'verify',
      '-19971 is not a captcha demand here',
      application('-19971'),
      'FAILURE',
      'REQUEST_FAILED',
    ],
    [
      'login',
      'no answer',
      { kind: 'network', code: 'NETWORK_ERROR', retryable: true },
      'FAILURE',
      'NETWORK_ERROR',
    ],
    [
      'register',
      'a time-out',
      { kind: 'timeout', code: 'TIMEOUT', retryable: true },
      'FAILURE',
      'NETWORK_ERROR',
    ],
    ['verify', 'an abort', { kind: 'aborted', code: 'ABORTED' }, 'FAILURE', 'ABORTED'],
    [
      'login',
      'a 500',
      { kind: 'http', code: 'INTERNAL_SERVER_ERROR', status: 500 },
      'FAILURE',
      'SERVER_ERROR',
    ],
    [
      'register',
      'an HTML answer',
      { kind: 'system', code: 'INVALID_RESPONSE', status: 200 },
      'FAILURE',
      'SERVER_ERROR',
    ],
  ])('%s: %s', (call, _, init, loginState, code) => {
    const platform = new PlatformError('what the platform said', init);
    const result = catalogueError(call, platform);
    expect(result).toMatchObject({
      loginState,
      // The table itself is pinned in login-error-code.test.ts.
      errorCode: loginErrorCode(code),
      error: memberText(code),
    });
    // The platform's words are the developer's, on the cause.
    expect(result.cause.message).toBe('what the platform said');
    expect(result.cause.code).toBe(code);
    if (code === 'ABORTED') {
      // ABORTED has one origin: the cause is http's abort error itself.
      expect(result.cause).toBe(platform);
    } else {
      expect(result.cause).toBeInstanceOf(MemberAuthError);
      expect(result.cause.cause).toBe(platform);
    }
    expect(result.cause.requestId).toBe(init.requestId);
  });

  test('a visitor token that could not be fetched is a network error when the token endpoint was unreachable', () => {
    const unreachable = new PlatformError('offline', { kind: 'network', code: 'NETWORK_ERROR' });
    const platform = new PlatformError('getAuthorization failed', {
      kind: 'system',
      code: 'AUTHORIZATION_FAILED',
      cause: unreachable,
    });
    expect(catalogueError('login', platform).errorCode).toBe('NETWORK_ERROR');
  });

  test('an error that is not a PlatformError still becomes a FAILURE', () => {
    const result = catalogueError('login', new TypeError('Failed to fetch'));
    expect(result.loginState).toBe('FAILURE');
    expect(result.errorCode).toBe('NETWORK_ERROR');
  });

  test('a MemberAuthError keeps its code', () => {
    const result = catalogueError(
      'verify',
      new MemberAuthError('Enter the code', { code: 'INVALID_ARGUMENT' }),
    );
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
      error: 'Check what you entered and try again.',
      cause: { message: 'Enter the code' },
    });
  });
});
