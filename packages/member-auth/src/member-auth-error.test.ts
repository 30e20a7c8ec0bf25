import { describe, expect, test } from 'vitest';
import { invalidArgument, isMemberAuthError, MemberAuthError } from './member-auth-error';

describe('MemberAuthError', () => {
  test('carries code, request id and cause', () => {
    const cause = new Error('underlying');
    const error = new MemberAuthError('Log in first', {
      code: 'NOT_LOGGED_IN',
      requestId: 'r-1',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'MemberAuthError',
      code: 'NOT_LOGGED_IN',
      requestId: 'r-1',
      message: 'Log in first',
    });
    expect(error.cause).toBe(cause);
  });

  test.each([
    [new MemberAuthError('x', { code: 'INVALID_EMAIL' }), true],
    // From another realm or copy of the package: it carries the one brand.
    [
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['MemberAuthError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'INVALID_EMAIL', message: 'from another realm' },
      ),
      true,
    ],
    // The name alone is not the brand.
    [{ name: 'MemberAuthError', code: 'INVALID_EMAIL', message: 'a look-alike' }, false],
    [{ name: 'MemberAuthError' }, false],
    [new Error('x'), false],
    [null, false],
    ['MemberAuthError', false],
  ])('isMemberAuthError(%o) → %s', (value, expected) => {
    expect(isMemberAuthError(value)).toBe(expected);
  });
});

test('the brand covers a subclass with its own name', () => {
  class SignInError extends MemberAuthError {
    override name = 'SignInError' as never;
  }
  expect(isMemberAuthError(new SignInError('x', { code: 'NOT_LOGGED_IN' }))).toBe(true);
});

test('invalidArgument is the INVALID_ARGUMENT MemberAuthError of a finished message', () => {
  const error = invalidArgument('memberAuth must be an object; got null');
  expect(error).toBeInstanceOf(MemberAuthError);
  expect([error.code, error.message, isMemberAuthError(error)]).toEqual([
    'INVALID_ARGUMENT',
    'memberAuth must be an object; got null',
    true,
  ]);
});
