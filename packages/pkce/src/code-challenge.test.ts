import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calculateCodeChallenge } from './code-challenge';
import { VERIFIER_CHARSET } from './code-verifier';
import { isPkceError } from './pkce-error';

const GOT = 'verifier must be a string of 43 to 128 characters from A-Z a-z 0-9 -._~; got ';

describe('calculateCodeChallenge', () => {
  test('reproduces RFC 7636 Appendix B', async () => {
    await expect(
      calculateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    ).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test('equals base64url(SHA-256(verifier)) without padding for any valid verifier (property)', async () => {
    const verifier = fc
      .array(fc.constantFrom(...VERIFIER_CHARSET.split('')), { minLength: 43, maxLength: 128 })
      .map((chars) => chars.join(''));
    await fc.assert(
      fc.asyncProperty(verifier, async (value) => {
        const challenge = await calculateCodeChallenge(value);
        expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(challenge).toBe(createHash('sha256').update(value).digest('base64url'));
      }),
    );
  });

  test.each<[string, unknown, string, string]>([
    ['too short', 'a'.repeat(42), 'INVALID_VERIFIER_LENGTH', `${GOT}a string of 42 characters`],
    ['too long', 'a'.repeat(129), 'INVALID_VERIFIER_LENGTH', `${GOT}a string of 129 characters`],
    [
      'a forbidden character',
      `${'a'.repeat(42)}=`,
      'INVALID_VERIFIER',
      `${GOT}a string with other characters`,
    ],
    ['not a string', 12345, 'INVALID_VERIFIER', `${GOT}12345`],
    ['null', null, 'INVALID_VERIFIER', `${GOT}null`],
  ])('rejects a verifier that is %s with %s', async (_label, verifier, code, message) => {
    const error: unknown = await calculateCodeChallenge(verifier as string).catch(
      (caught: unknown) => caught,
    );
    expect(isPkceError(error) && { code: error.code, message: error.message }).toEqual({
      code,
      message,
    });
  });
});
