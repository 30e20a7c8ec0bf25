import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { isPkceError, PkceError } from './pkce-error';

describe('PkceError', () => {
  test('has a name, a code and an optional cause', () => {
    const cause = new Error('inner');
    const error = new PkceError('INVALID_VERIFIER', 'bad', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PkceError',
      code: 'INVALID_VERIFIER',
      message: 'bad',
      cause,
    });
  });

  test.each([
    ['a PkceError', new PkceError('INVALID_VERIFIER', 'x'), true],
    [
      'a look-alike',
      Object.assign(new Error('x'), { name: 'PkceError', code: 'INVALID_VERIFIER' }),
      true,
    ],
    ['another error', new Error('PkceError'), false],
    ['a string', 'PkceError', false],
    ['null', null, false],
  ])('isPkceError(%s) → %s', (_label, value, expected) => {
    expect(isPkceError(value)).toBe(expected);
  });

  test('isPkceError recognises an error from another realm', () => {
    const foreign: unknown = runInNewContext(
      'Object.assign(new Error("x"), { name: "PkceError", code: "INVALID_VERIFIER" })',
    );
    expect(foreign instanceof Error).toBe(false);
    expect(isPkceError(foreign)).toBe(true);
  });
});
