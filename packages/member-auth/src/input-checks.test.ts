import { describe, expect, test } from 'vitest';
import { checkCredentials, isValidEmail } from './input-checks';
import type { MemberAuthError } from './member-auth-error';

describe('isValidEmail', () => {
  test.each([
    ['ada@example.com', true],
    ['ada.lovelace+site@mail.example.co.uk', true],
    ['ADA@EXAMPLE.COM', true],
    ['', false],
    ['ada', false],
    ['ada@example', false],
    ['@example.com', false],
    ['ada@@example.com', false],
    ['ada @example.com', false],
    ['ada@example..com', false],
    ['ada@.example.com', false],
    ['ada@example.com.', false],
    [`${'a'.repeat(250)}@example.com`, false],
    [42, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid);
  });
});

describe('checkCredentials', () => {
  test.each([
    ['ada@example.com', 'secret', undefined],
    ['ada@example.com', ' ', undefined],
    ['not-an-email', 'secret', 'INVALID_EMAIL'],
    [undefined, 'secret', 'INVALID_EMAIL'],
    ['ada@example.com', '', 'INVALID_PASSWORD'],
    ['ada@example.com', undefined, 'INVALID_PASSWORD'],
    ['ada@example.com', 12345, 'INVALID_PASSWORD'],
  ])('%j / %j → %s', (email, password, code) => {
    const thrown = (() => {
      try {
        checkCredentials(email, password);
        return undefined;
      } catch (error) {
        return error as MemberAuthError;
      }
    })();
    expect(thrown?.code).toBe(code);
  });

  test('messages never repeat the value', () => {
    expect(() => checkCredentials('leaky-value', 'x')).toThrow(/^Enter a valid e-mail address/);
    expect(() => checkCredentials('leaky-value', 'x')).not.toThrow(/leaky-value/);
  });
});
