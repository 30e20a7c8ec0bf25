const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * An opaque random identifier, `prefix` + 32 characters from Web Crypto.
 *
 * @example
 * ```ts
 * randomToken('code_'); // 'code_Zq3…'
 * ```
 */
export function randomToken(prefix = ''): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let out = prefix;
  // 62 * 4 = 248 < 256: rejecting bytes >= 248 keeps the draw unbiased.
  for (const byte of bytes) if (byte < 248) out += ALPHABET.charAt(byte % 62);
  return out;
}

/**
 * A string of `count` random decimal digits, for verification and MFA codes.
 *
 * @example
 * ```ts
 * randomDigits(6); // '042917'
 * ```
 */
export function randomDigits(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const byte of crypto.getRandomValues(new Uint8Array(count))) {
      if (byte < 250 && out.length < count) out += String(byte % 10);
    }
  }
  return out;
}
