import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import {
  assertCodeVerifier,
  generateCodeVerifier,
  UNBIASED_BYTE_LIMIT,
  VERIFIER_CHARSET,
} from './code-verifier';
import { isPkceError, PkceError } from './pkce-error';

const codeOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return isPkceError(error) ? error.code : error;
  }
  return undefined;
};

describe('generateCodeVerifier', () => {
  test('defaults to 43 characters from the RFC 7636 set', () => {
    expect(generateCodeVerifier()).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
  });

  test('the character set is written out: exactly A-Z a-z 0-9 - . _ ~, 66 characters', () => {
    expect(VERIFIER_CHARSET).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~',
    );
    expect(VERIFIER_CHARSET).toHaveLength(66);
    expect(new Set(VERIFIER_CHARSET).size).toBe(66);
    // Every ASCII character RFC 7636's `unreserved` allows is in it, and nothing else.
    const unreserved = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).filter(
      (char) => /^[A-Za-z0-9\-._~]$/.test(char),
    );
    expect(Array.from(VERIFIER_CHARSET).sort()).toEqual(unreserved.sort());
  });

  test('bytes below the largest multiple of 66 that fits in a byte (198) are drawn', () => {
    expect(UNBIASED_BYTE_LIMIT).toBe(198);
    expect(UNBIASED_BYTE_LIMIT % VERIFIER_CHARSET.length).toBe(0);
    expect(UNBIASED_BYTE_LIMIT + VERIFIER_CHARSET.length).toBeGreaterThan(256);
  });

  test('any length from 43 to 128 gives that many allowed characters (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 43, max: 128 }), (length) => {
        const verifier = generateCodeVerifier(length);
        expect(verifier).toHaveLength(length);
        expect(() => assertCodeVerifier(verifier)).not.toThrow();
      }),
    );
  });

  test('any other length is refused with INVALID_VERIFIER_LENGTH naming the range (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ max: 42 }),
          fc.integer({ min: 129 }),
          fc.double().filter((n) => !Number.isInteger(n)),
        ),
        (length) => {
          expect(() => generateCodeVerifier(length)).toThrow(/43 to 128/);
          expect(codeOf(() => generateCodeVerifier(length))).toBe('INVALID_VERIFIER_LENGTH');
        },
      ),
    );
  });

  test.each([
    ['43', 'length must be an integer from 43 to 128; got "43"'],
    [null, 'length must be an integer from 43 to 128; got null'],
    [Number.NaN, 'length must be an integer from 43 to 128; got NaN'],
    [Number.POSITIVE_INFINITY, 'length must be an integer from 43 to 128; got Infinity'],
    [42.5, 'length must be an integer from 43 to 128; got 42.5'],
    [200, 'length must be an integer from 43 to 128; got 200'],
  ])('a length of %j is refused: %s', (length, message) => {
    expect(codeOf(() => generateCodeVerifier(length as number))).toBe('INVALID_VERIFIER_LENGTH');
    expect(() => generateCodeVerifier(length as number)).toThrow(message);
  });

  test('two verifiers differ', () => {
    expect(generateCodeVerifier()).not.toBe(generateCodeVerifier());
  });

  // At 200,000 characters the 5% band is only ~2.7 standard deviations per
  // character, so with 66 characters a fair generator would fail it often; over
  // 2,000,000 it is ~8.7 standard deviations, and only a biased draw fails.
  // CPU-bound (2,000,000 draws): a wall-clock limit above vitest's 5 s default, so a
  // busy machine cannot fail it; the assertion is the band, not the time.
  test(
    'over 2,000,000 characters every character is within 5% of uniform',
    { timeout: 30_000 },
    () => {
      const counts = new Map<string, number>();
      let total = 0;
      while (total < 2_000_000) {
        for (const char of generateCodeVerifier(128)) counts.set(char, (counts.get(char) ?? 0) + 1);
        total += 128;
      }
      const expected = total / VERIFIER_CHARSET.length;
      expect(counts.size).toBe(66);
      for (const char of VERIFIER_CHARSET) {
        expect(Math.abs((counts.get(char) ?? 0) - expected) / expected).toBeLessThan(0.05);
      }
    },
  );

  test('bytes from 198 up are rejected, not folded onto the first characters (no modulo bias)', () => {
    // Random bytes that modulo 66 would fold onto 'A'..'D' (198 → 0, …, 255 → 57).
    const biased = Array.from({ length: 58 }, (_, i) => 198 + i);
    let call = 0;
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        // First fill: only rejected bytes and one accepted; later fills: accepted bytes 0..65.
        bytes.forEach((_, i) => {
          bytes[i] = call === 0 ? (i === 0 ? 65 : (biased[i % biased.length] ?? 255)) : i % 66;
        });
        call += 1;
        return array;
      },
    );
    const verifier = generateCodeVerifier(43);
    expect(verifier[0]).toBe(VERIFIER_CHARSET[65]);
    expect(verifier.slice(1)).toBe(VERIFIER_CHARSET.slice(0, 42));
    expect(call).toBe(2);
  });

  test('crypto without subtle (an insecure page) is CRYPTO_UNAVAILABLE, said so', () => {
    vi.stubGlobal('crypto', { getRandomValues: () => undefined });
    expect(() => generateCodeVerifier()).toThrow(
      'crypto.subtle must be Web Crypto (a browser page on https or localhost, Node 20, a worker); got crypto without subtle',
    );
  });

  test('without Web Crypto it throws CRYPTO_UNAVAILABLE', () => {
    vi.stubGlobal('crypto', undefined);
    expect(codeOf(() => generateCodeVerifier())).toBe('CRYPTO_UNAVAILABLE');
    expect(() => generateCodeVerifier()).toThrow(
      'crypto.subtle must be Web Crypto (a browser page on https or localhost, Node 20, a worker); got no crypto',
    );
  });
});

describe('assertCodeVerifier', () => {
  test.each<[string, unknown, string | undefined]>([
    ['43 allowed characters', 'a'.repeat(43), undefined],
    ['128 allowed characters', '-._~'.repeat(32), undefined],
    ['42 characters', 'a'.repeat(42), 'INVALID_VERIFIER_LENGTH'],
    ['129 characters', 'a'.repeat(129), 'INVALID_VERIFIER_LENGTH'],
    ['an empty string', '', 'INVALID_VERIFIER_LENGTH'],
    ['a space', `${'a'.repeat(42)} `, 'INVALID_VERIFIER'],
    ['a plus', `${'a'.repeat(42)}+`, 'INVALID_VERIFIER'],
    ['a slash', `${'a'.repeat(42)}/`, 'INVALID_VERIFIER'],
    ['a non-ASCII letter', `${'a'.repeat(42)}é`, 'INVALID_VERIFIER'],
    ['a number', 42, 'INVALID_VERIFIER'],
    ['undefined', undefined, 'INVALID_VERIFIER'],
  ])('%s → %s', (_label, verifier, code) => {
    expect(codeOf(() => assertCodeVerifier(verifier))).toBe(code);
  });

  test('the message never contains the verifier', () => {
    const secret = `${'s'.repeat(50)}!`;
    try {
      assertCodeVerifier(secret);
    } catch (error) {
      expect(error).toBeInstanceOf(PkceError);
      expect((error as Error).message).not.toContain('sss');
    }
    expect.assertions(2);
  });
});
