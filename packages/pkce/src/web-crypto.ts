import { PkceError } from './pkce-error';

/** The runtime's Web Crypto (browsers, Node 20, workers), looked up when needed. */
export function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (!crypto?.getRandomValues || !crypto.subtle) {
    throw new PkceError('CRYPTO_UNAVAILABLE', 'Web Crypto (globalThis.crypto with subtle) is not available in this runtime');
  }
  return crypto;
}

/** Base64url without padding (RFC 4648 §5), as RFC 7636 requires. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
