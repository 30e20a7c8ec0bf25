import { describe, expect, test } from 'vitest';
import type { ProblemCode } from './login-problem';
import { memberText } from './member-texts';

const CODES: ProblemCode[] = [
  'INVALID_EMAIL',
  'INVALID_PASSWORD',
  'EMAIL_ALREADY_EXISTS',
  'RESET_PASSWORD_REQUIRED',
  'MISSING_CAPTCHA_TOKEN',
  'INVALID_CAPTCHA_TOKEN',
  'INVALID_ARGUMENT',
  'NO_PENDING_VERIFICATION',
  'NOT_LOGGED_IN',
  'LOGIN_NOT_COMPLETED',
  'NETWORK_ERROR',
  'ABORTED',
  'TOO_MANY_REQUESTS',
  'SERVER_ERROR',
  'REQUEST_FAILED',
];

describe('memberText: what a member reads', () => {
  test.each(CODES)('%s: a sentence without API words', (code) => {
    const text = memberText(code);
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text).not.toMatch(
      /\b(API|HTTP|POST|GET|token|getAuthorization|platform|request|fetch|undefined|[A-Z]{2,}_[A-Z_]+)\b/,
    );
  });

  test("UNKNOWN_STATE keeps the spec's own words", () => {
    expect(memberText('UNKNOWN_STATE')).toBe('Unknown state');
  });

  test.each(['SOMETHING_NEW', 'constructor', 'toString', '__proto__'])(
    'a code it does not know (%s) is a fault on the site’s side',
    (code) => {
      expect(memberText(code)).toBe('Something went wrong on our side. Try again in a moment.');
    },
  );
});
