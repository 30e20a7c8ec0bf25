import { assertCodeVerifier } from './code-verifier';
import { base64Url, webCrypto } from './web-crypto';

/**
 * The S256 code challenge of `verifier`: `BASE64URL(SHA-256(ASCII(verifier)))`
 * without padding, through Web Crypto.
 *
 * @throws PkceError `INVALID_VERIFIER` or `INVALID_VERIFIER_LENGTH` for a verifier RFC 7636 does not allow.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.2
 * @see https://www.rfc-editor.org/rfc/rfc7636#appendix-B
 * @example
 * ```ts
 * import { calculateCodeChallenge } from '@site-identity/pkce';
 *
 * const challenge = await calculateCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export async function calculateCodeChallenge(verifier: string): Promise<string> {
  assertCodeVerifier(verifier);
  return challengeOf(verifier);
}

/** The S256 challenge of a verifier already known to be valid (one this package drew). @internal */
export async function challengeOf(verifier: string): Promise<string> {
  return base64Url(await webCrypto().subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}
