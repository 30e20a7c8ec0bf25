import { describe, expect, test } from 'vitest';
import { invalidArgument, isRedirectsError, RedirectsError } from './redirects-error';

describe('RedirectsError', () => {
  test('carries its name, code, cause and the hosted page error', () => {
    const cause = new Error('underlying');
    const error = new RedirectsError('Cancelled', {
      code: 'AUTHORIZATION_ERROR',
      error: 'access_denied',
      errorDescription: 'Cancelled',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'RedirectsError',
      code: 'AUTHORIZATION_ERROR',
      error: 'access_denied',
      errorDescription: 'Cancelled',
      message: 'Cancelled',
    });
    expect(error.cause).toBe(cause);
  });

  test('has no cause when none is given', () => {
    expect('cause' in new RedirectsError('Invalid _state', { code: 'INVALID_STATE' })).toBe(false);
  });

  test.each([
    ['a RedirectsError', new RedirectsError('x', { code: 'INVALID_STATE' }), true],
    [
      'one from another realm or copy of the package (the one brand, other prototype)',
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['RedirectsError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'INVALID_STATE' },
      ),
      true,
    ],
    [
      'one with the brand but no string code (the one guard rule)',
      Object.create({
        get [Symbol.for('site-identity.error')]() {
          return ['RedirectsError', 'SiteIdentityError'];
        },
      }) as unknown,
      false,
    ],
    [
      'a look-alike with the name but not the brand',
      Object.assign(Object.create(null) as object, { name: 'RedirectsError' }),
      false,
    ],
    ['a plain Error', new Error('x'), false],
    ['another package error', Object.assign(new Error('x'), { name: 'PlatformError' }), false],
    ['null', null, false],
    ['a string', 'RedirectsError', false],
  ])('isRedirectsError(%s) is %s', (_name, value, expected) => {
    expect(isRedirectsError(value)).toBe(expected);
  });
});

test('the brand covers a subclass with its own name', () => {
  class FlowError extends RedirectsError {
    override name = 'FlowError' as never;
  }
  expect(isRedirectsError(new FlowError('x', { code: 'INVALID_STATE' }))).toBe(true);
});

test('invalidArgument is the INVALID_ARGUMENT RedirectsError of a finished message, with its cause', () => {
  const cause = new TypeError('bad');
  const error = invalidArgument('redirectUri must be an absolute http or https URL; got 42', cause);
  expect(error).toBeInstanceOf(RedirectsError);
  expect([error.code, error.message, error.cause]).toEqual([
    'INVALID_ARGUMENT',
    'redirectUri must be an absolute http or https URL; got 42',
    cause,
  ]);
});
