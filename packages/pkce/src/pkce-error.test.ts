import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { isPkceError, PkceError } from './pkce-error';

describe('PkceError', () => {
  test('has a name, a code and an optional cause', () => {
    const cause = new Error('inner');
    const error = new PkceError('bad', { code: 'INVALID_VERIFIER', cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PkceError',
      code: 'INVALID_VERIFIER',
      message: 'bad',
      cause,
    });
  });

  test.each([
    ['a PkceError', new PkceError('x', { code: 'INVALID_VERIFIER' }), true],
    ['a subclass', new (class extends PkceError {})('x', { code: 'INVALID_VERIFIER' }), true],
    [
      'a branded error from another copy',
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['PkceError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'INVALID_VERIFIER' },
      ),
      true,
    ],
    [
      'a PkceError look-alike without a code',
      Object.assign(new Error('x'), { name: 'PkceError' }),
      false,
    ],
    [
      'a look-alike with the name but not the brand',
      Object.assign(new Error('x'), { name: 'PkceError', code: 'INVALID_VERIFIER' }),
      false,
    ],
    ['another error', new Error('PkceError'), false],
    ['a string', 'PkceError', false],
    ['null', null, false],
  ])('isPkceError(%s) → %s', (_label, value, expected) => {
    expect(isPkceError(value)).toBe(expected);
  });

  test('without a cause there is no cause property', () => {
    expect('cause' in new PkceError('x', { code: 'INVALID_VERIFIER' })).toBe(false);
  });

  test('isPkceError recognises an error from another realm', () => {
    const foreign: unknown = runInNewContext(
      'class PkceError extends Error { get [Symbol.for("site-identity.error")]() { return ["PkceError", "SiteIdentityError"] } code = "INVALID_VERIFIER" }; new PkceError("x")',
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isPkceError(foreign)).toBe(true);
  });
});

test('the constructor takes a PkceErrorInit: its code and cause, nothing else', () => {
  const cause = new Error('no crypto');
  const error = new PkceError('Web Crypto is unavailable', { code: 'CRYPTO_UNAVAILABLE', cause });
  expect([error.name, error.code, error.cause]).toEqual(['PkceError', 'CRYPTO_UNAVAILABLE', cause]);
  // A field of another error class is refused by the type (it was accepted untyped).
  // @ts-expect-error -- a PkceError carries no response
  const untyped = new PkceError('x', { code: 'INVALID_VERIFIER', response: new Response() });
  expect(untyped.code).toBe('INVALID_VERIFIER');
});
