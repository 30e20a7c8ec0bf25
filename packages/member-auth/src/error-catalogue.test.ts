import { PlatformError, type PlatformErrorInit } from '@site-identity/http';
import { describe, expect, test } from 'vitest';
import { catalogueError, type CatalogueCall } from './error-catalogue';
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
      'missingCaptchaToken',
    ],
    [
      'register',
      '-19970 invalid captcha',
      application('-19970'),
      'USER_CAPTCHA_REQUIRED',
      'invalidCaptchaToken',
    ],
    ['register', '-19995 email exists', application('-19995'), 'FAILURE', 'emailAlreadyExists'],
    ['register', 'an EMAIL field violation', emailViolation, 'FAILURE', 'invalidEmail'],
    ['register', 'another field violation', otherViolation, 'FAILURE', 'invalidArgument'],
    ['register', 'another application code', application('-1'), 'FAILURE', 'requestFailed'],
    ['register', '-19976 (a login code)', application('-19976'), 'FAILURE', 'requestFailed'],
    [
      'login',
      '-19971 missing captcha',
      application('-19971'),
      'SILENT_CAPTCHA_REQUIRED',
      'missingCaptchaToken',
    ],
    [
      'login',
      '-19970 invalid captcha',
      application('-19970'),
      'USER_CAPTCHA_REQUIRED',
      'invalidCaptchaToken',
    ],
    ['login', '-19976 invalid password', application('-19976'), 'FAILURE', 'invalidPassword'],
    ['login', '-19973 reset password', application('-19973'), 'FAILURE', 'resetPassword'],
    ['login', 'anything else: -19999', application('-19999'), 'FAILURE', 'invalidEmail'],
    ['login', 'anything else: NOT_FOUND', application('NOT_FOUND'), 'FAILURE', 'invalidEmail'],
    ['login', 'anything else: a field violation', otherViolation, 'FAILURE', 'invalidEmail'],
    ['login', '-19995 (a register code)', application('-19995'), 'FAILURE', 'invalidEmail'],
    ['verify', 'an application code', application('-19990'), 'FAILURE', 'requestFailed'],
    [
      'verify',
      '-19971 is not a captcha demand here',
      application('-19971'),
      'FAILURE',
      'requestFailed',
    ],
    [
      'login',
      'no answer',
      { kind: 'network', code: 'NETWORK_ERROR', retryable: true },
      'FAILURE',
      'networkError',
    ],
    [
      'register',
      'a time-out',
      { kind: 'timeout', code: 'TIMEOUT', retryable: true },
      'FAILURE',
      'networkError',
    ],
    ['verify', 'an abort', { kind: 'aborted', code: 'ABORTED' }, 'FAILURE', 'networkError'],
    [
      'login',
      'a 500',
      { kind: 'http', code: 'INTERNAL_SERVER_ERROR', status: 500 },
      'FAILURE',
      'serverError',
    ],
    [
      'register',
      'an HTML answer',
      { kind: 'system', code: 'INVALID_RESPONSE', status: 200 },
      'FAILURE',
      'serverError',
    ],
  ])('%s: %s', (call, _, init, loginState, errorCode) => {
    const platform = new PlatformError('what the platform said', init);
    const result = catalogueError(call, platform);
    expect(result).toMatchObject({ loginState, errorCode, error: 'what the platform said' });
    expect(result.cause).toBeInstanceOf(MemberAuthError);
    expect(result.cause.code).toBe(errorCode);
    expect(result.cause.cause).toBe(platform);
    expect(result.cause.requestId).toBe(init.requestId);
  });

  test('a visitor token that could not be fetched is a network error when the token endpoint was unreachable', () => {
    const unreachable = new PlatformError('offline', { kind: 'network', code: 'NETWORK_ERROR' });
    const platform = new PlatformError('getAuthorization failed', {
      kind: 'system',
      code: 'AUTHORIZATION_FAILED',
      cause: unreachable,
    });
    expect(catalogueError('login', platform).errorCode).toBe('networkError');
  });

  test('an error that is not a PlatformError still becomes a FAILURE', () => {
    const result = catalogueError('login', new TypeError('Failed to fetch'));
    expect(result.loginState).toBe('FAILURE');
    expect(result.errorCode).toBe('networkError');
  });

  test('a MemberAuthError keeps its code', () => {
    const result = catalogueError(
      'verify',
      new MemberAuthError('Enter the code', { code: 'invalidArgument' }),
    );
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidArgument',
      error: 'Enter the code',
    });
  });
});
