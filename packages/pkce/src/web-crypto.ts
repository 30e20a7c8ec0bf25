import { PkceError } from './pkce-error';

/** The runtime's Web Crypto (browsers, Node 20, workers), looked up when needed. */
export function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (!crypto?.subtle) {
    throw new PkceError(
      `crypto.subtle must be Web Crypto (a browser page on https or localhost, Node 20, a worker); got ${crypto ? 'crypto without subtle' : 'no crypto'}`,
      { code: 'CRYPTO_UNAVAILABLE' },
    );
  }
  return crypto;
}

/** `length` random bytes from the runtime's Web Crypto. */
export const randomBytes = (length: number): Uint8Array =>
  webCrypto().getRandomValues(new Uint8Array(length));

/** Base64url without padding (RFC 4648 §5), as RFC 7636 requires; for short inputs (digests, state). */
export function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=/g, '');
}
