import { PkceError } from './pkce-error';
import { webCrypto } from './web-crypto';

/** The unreserved characters RFC 7636 allows in a code verifier. */
export const VERIFIER_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * The shortest and longest code verifier RFC 7636 allows, and the default length.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 * @example
 * ```ts
 * import { generateCodeVerifier, VERIFIER_LENGTH } from '@site-identity/pkce';
 *
 * const strongest = generateCodeVerifier(VERIFIER_LENGTH.max);
 * ```
 */
export const VERIFIER_LENGTH = { min: 43, max: 128, default: 43 } as const;

// 66 characters: bytes from 198 (3 × 66) up are rejected, so every character is
// drawn with probability exactly 1/66 (no modulo bias).
const LIMIT = 256 - (256 % VERIFIER_CHARSET.length);

/**
 * A fresh PKCE code verifier: `length` characters (43 to 128, default 43) from
 * `A-Z a-z 0-9 - . _ ~`, drawn from `crypto.getRandomValues` by rejection sampling,
 * so every character is equally likely.
 *
 * @throws PkceError `INVALID_VERIFIER_LENGTH` when `length` is not a whole number from 43 to 128.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 * @example
 * ```ts
 * import { generateCodeVerifier } from '@site-identity/pkce';
 *
 * const verifier = generateCodeVerifier(); // 43 characters
 * ```
 */
export function generateCodeVerifier(length: number = VERIFIER_LENGTH.default): string {
  if (!Number.isInteger(length) || length < VERIFIER_LENGTH.min || length > VERIFIER_LENGTH.max) {
    throw new PkceError(
      'INVALID_VERIFIER_LENGTH',
      `Code verifier length must be a whole number from ${VERIFIER_LENGTH.min} to ${VERIFIER_LENGTH.max}`,
    );
  }
  const crypto = webCrypto();
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < LIMIT && verifier.length < length) verifier += VERIFIER_CHARSET[byte % VERIFIER_CHARSET.length];
    }
  }
  return verifier;
}

/**
 * Checks that `verifier` is a valid RFC 7636 code verifier.
 *
 * @throws PkceError `INVALID_VERIFIER_LENGTH` or `INVALID_VERIFIER`.
 */
export function assertCodeVerifier(verifier: unknown): asserts verifier is string {
  if (typeof verifier !== 'string' || !/^[\w.~-]*$/.test(verifier)) {
    throw new PkceError('INVALID_VERIFIER', 'Code verifier must be a string of A-Z a-z 0-9 - . _ ~');
  }
  if (verifier.length < VERIFIER_LENGTH.min || verifier.length > VERIFIER_LENGTH.max) {
    throw new PkceError(
      'INVALID_VERIFIER_LENGTH',
      `Code verifier length must be from ${VERIFIER_LENGTH.min} to ${VERIFIER_LENGTH.max}`,
    );
  }
}
