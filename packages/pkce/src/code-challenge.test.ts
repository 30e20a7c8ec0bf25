import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calculateCodeChallenge } from './code-challenge';
import { VERIFIER_CHARSET } from './code-verifier';
import { isPkceError } from './pkce-error';

describe('calculateCodeChallenge', () => {
  test('reproduces RFC 7636 Appendix B', async () => {
    await expect(
      calculateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
    ).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  test('equals base64url(SHA-256(verifier)) without padding for any valid verifier (property)', async () => {
    const verifier = fc
      .array(fc.constantFrom(...VERIFIER_CHARSET), { minLength: 43, maxLength: 128 })
      .map((chars) => chars.join(''));
    await fc.assert(
      fc.asyncProperty(verifier, async (value) => {
        const challenge = await calculateCodeChallenge(value);
        expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(challenge).toBe(createHash('sha256').update(value).digest('base64url'));
      }),
    );
  });

  test.each<[string, unknown, string]>([
    ['too short', 'a'.repeat(42), 'INVALID_VERIFIER_LENGTH'],
    ['too long', 'a'.repeat(129), 'INVALID_VERIFIER_LENGTH'],
    ['a forbidden character', `${'a'.repeat(42)}=`, 'INVALID_VERIFIER'],
    ['not a string', 12345, 'INVALID_VERIFIER'],
  ])('rejects a verifier that is %s with %s', async (_label, verifier, code) => {
    const error: unknown = await calculateCodeChallenge(verifier as string).catch(
      (caught: unknown) => caught,
    );
    expect(isPkceError(error) && error.code).toBe(code);
  });
});
