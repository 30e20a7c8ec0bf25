import { describeValue } from '@site-identity/http/internal';
import { PkceError } from './pkce-error';
import { randomBytes } from './web-crypto';

/**
 * The characters RFC 7636 allows in a code verifier (`unreserved`: `A-Z a-z 0-9 - . _ ~`),
 * written out: 66 characters.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 */
export const VERIFIER_CHARSET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * The largest multiple of the 66 characters that a byte can hold (3 × 66 = 198).
 * A random byte below it picks `VERIFIER_CHARSET[byte % 66]`, each character from
 * exactly three bytes; a byte from 198 up is rejected rather than folded onto the
 * first characters, so there is no modulo bias.
 */
export const UNBIASED_BYTE_LIMIT = 256 - (256 % VERIFIER_CHARSET.length);

const inRange = (length: unknown): boolean =>
  Number.isInteger(length) && (length as number) >= 43 && (length as number) <= 128;

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
export function generateCodeVerifier(length = 43): string {
  return verifierOf(length, 'length');
}

/** {@link generateCodeVerifier}, naming the parameter `name` in its message. @internal */
export function verifierOf(length: number, name: string): string {
  if (!inRange(length)) {
    throw new PkceError(`${name} must be an integer from 43 to 128; got ${describeValue(length)}`, {
      code: 'INVALID_VERIFIER_LENGTH',
    });
  }
  return drawVerifier(length);
}

/** A verifier of `length` characters, for a length already checked (43 to 128). @internal */
export function drawVerifier(length: number): string {
  let verifier = '';
  while (verifier.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < UNBIASED_BYTE_LIMIT) verifier += VERIFIER_CHARSET[byte % VERIFIER_CHARSET.length]!;
    }
  }
  // The characters drawn past `length` in the last batch are dropped.
  return verifier.slice(0, length);
}

/**
 * Checks that `verifier` is a valid RFC 7636 code verifier.
 *
 * @throws PkceError `INVALID_VERIFIER_LENGTH` or `INVALID_VERIFIER`.
 */
export function assertCodeVerifier(verifier: unknown): asserts verifier is string {
  // The verifier is a secret: the message says what kind of value came, never the value.
  const what = 'a string of 43 to 128 characters from A-Z a-z 0-9 -._~';
  if (typeof verifier !== 'string' || !/^[\w.~-]*$/.test(verifier)) {
    const got =
      typeof verifier === 'string' ? 'a string with other characters' : describeValue(verifier);
    throw new PkceError(`verifier must be ${what}; got ${got}`, { code: 'INVALID_VERIFIER' });
  }
  if (!inRange(verifier.length)) {
    throw new PkceError(`verifier must be ${what}; got a string of ${verifier.length} characters`, {
      code: 'INVALID_VERIFIER_LENGTH',
    });
  }
}
