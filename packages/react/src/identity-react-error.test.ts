import { describe, expect, it } from 'vitest';
import { IdentityReactError, isIdentityReactError } from './identity-react-error';

describe('IdentityReactError', () => {
  it('carries its name, code and cause', () => {
    const cause = new Error('underneath');
    const error = new IdentityReactError(
      'MISSING_PROVIDER',
      'useSession must be used inside <IdentityProvider>',
      { cause },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('IdentityReactError');
    expect(error.code).toBe('MISSING_PROVIDER');
    expect(error.cause).toBe(cause);
    expect(error.message).toBe('useSession must be used inside <IdentityProvider>');
  });

  it.each([
    [new IdentityReactError('INVALID_ARGUMENT', 'x'), true],
    [Object.assign(new Error('from another realm'), { name: 'IdentityReactError' }), true],
    [{ name: 'IdentityReactError', message: 'plain object from a frame' }, true],
    [new Error('other'), false],
    [new TypeError('other'), false],
    [null, false],
    [undefined, false],
    ['IdentityReactError', false],
  ])('isIdentityReactError(%o) is %s', (value, expected) => {
    expect(isIdentityReactError(value)).toBe(expected);
  });
});
