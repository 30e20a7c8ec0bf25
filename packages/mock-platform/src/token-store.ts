import { MockPlatformError } from './mock-platform-error';
import { randomToken } from './random';

/**
 * The role a token carries.
 *
 * @example
 * ```ts
 * import type { MockTokenRole, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const accessToken: string;
 * const role: MockTokenRole | undefined = platform.state.tokens.describe(accessToken)?.role;
 * ```
 */
export type MockTokenRole = 'visitor' | 'member';

/**
 * What the emulator knows about a token it issued.
 *
 * @example
 * ```ts
 * import type { TokenDescription, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const refreshToken: string;
 * const description: TokenDescription | undefined = platform.state.tokens.describe(refreshToken);
 * console.log(description?.status); // 'active' | 'expired' | 'used' | 'revoked'
 * ```
 */
export interface TokenDescription {
  readonly type: 'access' | 'refresh';
  readonly role: MockTokenRole;
  readonly clientId: string;
  readonly memberId: string | undefined;
  /** Epoch milliseconds; refresh tokens do not expire. */
  readonly expiresAt: number | undefined;
  readonly status: 'active' | 'expired' | 'used' | 'revoked';
  /**
   * The token family: every token descended, through refresh grants, from one original
   * grant (an anonymous, authorization code or authorized client grant) shares it.
   */
  readonly familyId: string;
}

/**
 * A token pair as the token endpoint answers it.
 *
 * @example
 * ```ts
 * import type { IssuedTokens, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const pair: IssuedTokens = platform.state.tokens.issue({ role: 'visitor', clientId: 'app' });
 * ```
 */
export interface IssuedTokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
}

interface TokenRecord {
  type: 'access' | 'refresh';
  role: MockTokenRole;
  clientId: string;
  memberId: string | undefined;
  expiresAt: number | undefined;
  status: 'active' | 'used' | 'revoked';
  familyId: string;
}

/**
 * A grant the token store mints tokens for.
 *
 * @example
 * ```ts
 * import type { MockMember, MockPlatform, TokenGrant } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const member: MockMember;
 * const grant: TokenGrant = { role: 'member', clientId: 'app', memberId: member.id };
 * platform.state.tokens.issue(grant);
 * ```
 */
export interface TokenGrant {
  readonly role: MockTokenRole;
  readonly clientId: string;
  readonly memberId?: string | undefined;
  /** The family of the refresh token a refresh grant spent; omitted for an original grant (a new family). */
  readonly familyId?: string | undefined;
}

/**
 * What {@link TokenStore.consumeRefreshToken} found: the spent token's description, or
 * why it cannot be used. `'used'` is a retired (rotated) refresh token presented again.
 *
 * @example
 * ```ts
 * import type { ConsumedRefreshToken, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const refreshToken: string;
 * const found: ConsumedRefreshToken = platform.state.tokens.consumeRefreshToken(refreshToken, true);
 * if (typeof found === 'string') console.log(found); // 'unknown' | 'used' | 'revoked'
 * ```
 */
export type ConsumedRefreshToken = TokenDescription | 'unknown' | 'used' | 'revoked';

/**
 * The emulator's access and refresh tokens: `platform.state.tokens`.
 *
 * @example
 * ```ts
 * import type { TokenStore, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const store: TokenStore = platform.state.tokens;
 * store.expireAccessTokens();
 * ```
 */
export interface TokenStore {
  /** Mints a token pair, as a grant would; `reuseRefreshToken` answers that refresh token again (no rotation). */
  issue(grant: TokenGrant, reuseRefreshToken?: string): IssuedTokens;
  /** What a token is (role, owner, status), or undefined for a token never issued. */
  describe(token: string): TokenDescription | undefined;
  /** The record of a usable access token, or undefined (unknown, expired, revoked). */
  authenticate(accessToken: string): TokenDescription | undefined;
  /**
   * Counts a presentation of `refreshToken` to the token endpoint and marks it used
   * (rotation); returns what it was, or the reason it cannot be used.
   */
  consumeRefreshToken(refreshToken: string, rotate: boolean): ConsumedRefreshToken;
  /** How many times the token endpoint has received `refreshToken` in a refresh grant (also an unknown one). */
  presentations(refreshToken: string): number;
  /** Revokes one token, every token of a member, or every token of a family. */
  revoke(target: { token: string } | { memberId: string } | { familyId: string }): void;
  /** Makes every access token expired now, as if time had passed. */
  expireAccessTokens(): void;
  /** How many tokens were issued. */
  readonly size: number;
  clear(): void;
}

/**
 * Creates the token store.
 *
 * @example
 * ```ts
 * const store = createTokenStore(() => Date.now(), () => 3600);
 * const pair = store.issue({ role: 'visitor', clientId: 'app' });
 * store.describe(pair.access_token)?.role; // 'visitor'
 * ```
 */
export function createTokenStore(now: () => number, ttlSeconds: () => number): TokenStore {
  const records = new Map<string, TokenRecord>();
  const presented = new Map<string, number>();

  const describe = (token: string): TokenDescription | undefined => {
    const record = records.get(token);
    if (record === undefined) return undefined;
    const expired =
      record.status === 'active' && record.expiresAt !== undefined && record.expiresAt <= now();
    return { ...record, status: expired ? 'expired' : record.status };
  };

  return {
    issue(grant, reuseRefreshToken) {
      if (typeof grant !== 'object' || grant === null)
        throw new MockPlatformError('a token grant must be an object with role and clientId', {
          code: 'INVALID_OPTION',
        });
      const { role, clientId, memberId, familyId = randomToken('mock-family.') } = grant;
      const ttl = ttlSeconds();
      const access = randomToken('mock-at.');
      const refresh = reuseRefreshToken ?? randomToken('mock-rt.');
      const owner = { role, clientId, memberId, familyId, status: 'active' } as const;
      records.set(access, { type: 'access', expiresAt: now() + ttl * 1000, ...owner });
      if (reuseRefreshToken === undefined) {
        records.set(refresh, { type: 'refresh', expiresAt: undefined, ...owner });
      }
      return { access_token: access, refresh_token: refresh, expires_in: ttl };
    },
    describe,
    authenticate(accessToken) {
      const description = describe(accessToken);
      return description?.type === 'access' && description.status === 'active'
        ? description
        : undefined;
    },
    consumeRefreshToken(refreshToken, rotate) {
      presented.set(refreshToken, (presented.get(refreshToken) ?? 0) + 1);
      const record = records.get(refreshToken);
      if (record === undefined || record.type !== 'refresh') return 'unknown';
      if (record.status !== 'active') return record.status;
      if (rotate) record.status = 'used';
      return { ...record, status: 'active' };
    },
    presentations(refreshToken) {
      return presented.get(refreshToken) ?? 0;
    },
    revoke(target) {
      for (const [token, record] of records) {
        const hit =
          'token' in target
            ? token === target.token
            : 'familyId' in target
              ? record.familyId === target.familyId
              : record.memberId === target.memberId;
        if (hit) record.status = 'revoked';
      }
    },
    expireAccessTokens() {
      const at = now();
      for (const record of records.values())
        if (record.type === 'access') record.expiresAt = Math.min(record.expiresAt ?? at, at);
    },
    get size() {
      return records.size;
    },
    clear() {
      records.clear();
      presented.clear();
    },
  };
}
