import { randomToken } from './random';

/**
 * The role a token carries.
 *
 * @example
 * ```ts
 * const role: MockTokenRole | undefined = platform.state.tokens.describe(accessToken)?.role;
 * ```
 */
export type MockTokenRole = 'visitor' | 'member';

/**
 * What the emulator knows about a token it issued.
 *
 * @example
 * ```ts
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
}

/**
 * A token pair as the token endpoint answers it.
 *
 * @example
 * ```ts
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
}

/**
 * The emulator's access and refresh tokens: `platform.state.tokens`.
 *
 * @example
 * ```ts
 * const store: TokenStore = platform.state.tokens;
 * store.expireAccessTokens();
 * ```
 */
export interface TokenStore {
  /** Mints a token pair, as a grant would; `reuseRefreshToken` answers that refresh token again (no rotation). */
  issue(
    grant: { role: MockTokenRole; clientId: string; memberId?: string | undefined },
    reuseRefreshToken?: string,
  ): IssuedTokens;
  /** What a token is (role, owner, status), or undefined for a token never issued. */
  describe(token: string): TokenDescription | undefined;
  /** The record of a usable access token, or undefined (unknown, expired, revoked). */
  authenticate(accessToken: string): TokenDescription | undefined;
  /** Marks a refresh token used (rotation); returns what it was, or the reason it cannot be used. */
  consumeRefreshToken(
    refreshToken: string,
    rotate: boolean,
  ): TokenDescription | 'unknown' | 'used' | 'revoked';
  /** Revokes one token, or every token of a member. */
  revoke(tokenOrMember: { token: string } | { memberId: string }): void;
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

  const describe = (token: string): TokenDescription | undefined => {
    const record = records.get(token);
    if (record === undefined) return undefined;
    const expired =
      record.status === 'active' && record.expiresAt !== undefined && record.expiresAt <= now();
    return { ...record, status: expired ? 'expired' : record.status };
  };

  return {
    issue({ role, clientId, memberId }, reuseRefreshToken) {
      const ttl = ttlSeconds();
      const access = randomToken('mock-at.');
      const refresh = reuseRefreshToken ?? randomToken('mock-rt.');
      records.set(access, {
        type: 'access',
        role,
        clientId,
        memberId,
        expiresAt: now() + ttl * 1000,
        status: 'active',
      });
      if (reuseRefreshToken === undefined) {
        records.set(refresh, {
          type: 'refresh',
          role,
          clientId,
          memberId,
          expiresAt: undefined,
          status: 'active',
        });
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
      const record = records.get(refreshToken);
      if (record === undefined || record.type !== 'refresh') return 'unknown';
      if (record.status !== 'active') return record.status;
      if (rotate) record.status = 'used';
      return { ...record, status: 'active' };
    },
    revoke(target) {
      for (const [token, record] of records) {
        if ('token' in target ? token === target.token : record.memberId === target.memberId)
          record.status = 'revoked';
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
    },
  };
}
