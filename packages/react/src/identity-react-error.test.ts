import { describe, expect, it } from 'vitest';
import { IdentityReactError, isIdentityReactError } from './identity-react-error';

describe('IdentityReactError', () => {
  it('carries its name, code and cause', () => {
    const cause = new Error('underneath');
    const error = new IdentityReactError('useSession must be used inside <IdentityProvider>', {
      code: 'MISSING_PROVIDER',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('IdentityReactError');
    expect(error.code).toBe('MISSING_PROVIDER');
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('useSession must be used inside <IdentityProvider>');
  });

  it('has no cause property without a cause', () => {
    expect('cause' in new IdentityReactError('x', { code: 'ACTION_FAILED' })).toBe(false);
    // From JavaScript without its init: an error without fields, not a TypeError.
    const bare = Reflect.construct(IdentityReactError, ['no init']) as IdentityReactError;
    expect(bare.message).toBe('no init');
    expect(bare.code).toBeUndefined();
  });

  it.each([
    [new IdentityReactError('x', { code: 'INVALID_ARGUMENT' }), true],
    [new (class extends IdentityReactError {})('x', { code: 'ACTION_FAILED' }), true],
    [
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['IdentityReactError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'ACTION_FAILED', message: 'from another copy or realm' },
      ),
      true,
    ],
    [
      Object.assign(new Error('a look-alike with the name, not the brand'), {
        name: 'IdentityReactError',
        code: 'MISSING_PROVIDER',
      }),
      false,
    ],
    [{ name: 'IdentityReactError', code: 'MISSING_PROVIDER', message: 'a plain object' }, false],
    [{ name: 'IdentityReactError', message: 'a look-alike without a code' }, false],
    [new Error('other'), false],
    [new TypeError('other'), false],
    [null, false],
    [undefined, false],
    ['IdentityReactError', false],
  ])('isIdentityReactError(%o) is %s', (value, expected) => {
    expect(isIdentityReactError(value)).toBe(expected);
  });
});

it('the constructor takes an IdentityReactErrorInit: its code and cause, nothing else', () => {
  const error = new IdentityReactError('A member action failed', {
    code: 'ACTION_FAILED',
    cause: 'rejected',
  });
  expect([error.name, error.code, error.cause]).toEqual([
    'IdentityReactError',
    'ACTION_FAILED',
    'rejected',
  ]);
  // A field of another error class is refused by the type (it was accepted untyped).
  const untyped = new IdentityReactError('x', {
    code: 'INVALID_ARGUMENT',
    // @ts-expect-error -- an IdentityReactError carries no response
    response: new Response(),
  });
  expect(untyped.code).toBe('INVALID_ARGUMENT');
});
