import { base64Url, randomBytes } from './web-crypto';

/**
 * A fresh, unguessable OAuth `state`: 32 random bytes (256 bits) as base64url
 * without padding, 43 URL-safe characters.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-10.12
 * @example
 * ```ts
 * import { generateState } from '@site-identity/pkce';
 *
 * const state = generateState(); // e.g. 'q0Lk3…', /^[A-Za-z0-9_-]{43}$/
 * ```
 */
export function generateState(): string {
  return base64Url(randomBytes(32));
}
