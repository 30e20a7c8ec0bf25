/**
 * Who a refresh token belongs to: nobody (signed out), an anonymous site
 * visitor, or a signed-in site member.
 *
 * @example
 * ```ts
 * import type { TokenRole } from '@site-identity/tokens';
 * const role: TokenRole = 'visitor';
 * ```
 */
export type TokenRole = 'none' | 'visitor' | 'member';

/**
 * A short-lived access token. `expiresAt` is in epoch seconds.
 *
 * @example
 * ```ts
 * import type { AccessToken } from '@site-identity/tokens';
 * const token: AccessToken = { value: 'OauthNG.JWS.…', expiresAt: 1_700_000_000 };
 * ```
 */
export interface AccessToken {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * A long-lived refresh token and the role of whoever it belongs to.
 *
 * @example
 * ```ts
 * import type { RefreshToken } from '@site-identity/tokens';
 * const token: RefreshToken = { value: 'JWS.…', role: 'member' };
 * ```
 */
export interface RefreshToken {
  readonly value: string;
  readonly role: TokenRole;
}

/**
 * The token set: an access token to call the platform with and the refresh
 * token that renews it. Logged in means `refreshToken.role === 'member'`.
 *
 * @example
 * ```ts
 * import type { Tokens } from '@site-identity/tokens';
 * const tokens: Tokens = {
 *   accessToken: { value: 'OauthNG.JWS.…', expiresAt: 1_700_003_600 },
 *   refreshToken: { value: 'JWS.…', role: 'visitor' },
 * };
 * ```
 */
export interface Tokens {
  readonly accessToken: AccessToken;
  readonly refreshToken: RefreshToken;
}
