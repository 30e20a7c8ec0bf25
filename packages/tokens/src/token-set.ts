import type { Tokens, TokenRole } from './types';

const ROLES: readonly string[] = ['none', 'visitor', 'member'];

/**
 * Whether `value` has the shape of a {@link Tokens} set: non-empty token
 * values, a finite `expiresAt` and a known role. Used for stored records and
 * for `setTokens` input.
 *
 * @example
 * ```ts
 * import { isTokens } from '@site-identity/tokens';
 * isTokens(JSON.parse(localStorage.getItem('my-key') ?? 'null')); // false when corrupt
 * ```
 */
export function isTokens(value: unknown): value is Tokens {
  if (!isRecord(value) || !isRecord(value.accessToken) || !isRecord(value.refreshToken)) return false;
  const { accessToken, refreshToken } = value;
  return (
    typeof accessToken.value === 'string' &&
    typeof accessToken.expiresAt === 'number' &&
    Number.isFinite(accessToken.expiresAt) &&
    typeof refreshToken.value === 'string' &&
    ROLES.includes(refreshToken.role as string)
  );
}

/**
 * Whether the access token is missing or expires within `leewaySeconds` of
 * `nowMs` (clock skew and the time a request takes).
 *
 * @example
 * ```ts
 * import { isExpired } from '@site-identity/tokens';
 * if (isExpired(tokens, Date.now(), 60)) tokens = await endpoint.refresh(tokens.refreshToken);
 * ```
 */
export function isExpired(tokens: Tokens, nowMs: number, leewaySeconds = 0): boolean {
  return !tokens.accessToken.value || tokens.accessToken.expiresAt - leewaySeconds <= nowMs / 1000;
}

/** Builds a frozen token set from a token endpoint answer, or `undefined` if it is not one. @internal */
export function tokensFromAnswer(body: unknown, role: TokenRole, nowMs: number, previousRefreshToken?: string): Tokens | undefined {
  if (!isRecord(body)) return undefined;
  const { access_token: access, refresh_token: refresh } = body;
  const expiresIn = typeof body.expires_in === 'string' ? Number(body.expires_in) : body.expires_in;
  const refreshValue = refresh === undefined || refresh === null ? previousRefreshToken : refresh;
  if (typeof access !== 'string' || !access || typeof refreshValue !== 'string' || !refreshValue) return undefined;
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 0) return undefined;
  return freezeTokens({
    accessToken: { value: access, expiresAt: Math.floor(nowMs / 1000) + expiresIn },
    refreshToken: { value: refreshValue, role },
  });
}

/** A deep-frozen copy of `tokens`, so that a snapshot can never be changed in place. @internal */
export function freezeTokens(tokens: Tokens): Tokens {
  return Object.freeze({
    accessToken: Object.freeze({ value: tokens.accessToken.value, expiresAt: tokens.accessToken.expiresAt }),
    refreshToken: Object.freeze({ value: tokens.refreshToken.value, role: tokens.refreshToken.role }),
  });
}

/** Whether two token sets hold the same values. @internal */
export function sameTokens(a: Tokens | null, b: Tokens | null): boolean {
  return (
    a === b ||
    (a !== null &&
      b !== null &&
      a.accessToken.value === b.accessToken.value &&
      a.accessToken.expiresAt === b.accessToken.expiresAt &&
      a.refreshToken.value === b.refreshToken.value &&
      a.refreshToken.role === b.refreshToken.role)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
