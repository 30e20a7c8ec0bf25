import { invalid, isRecord, optionsOf } from '@site-identity/http/internal';
import type { TokenManager } from '@site-identity/tokens';
import { invalidArgument } from './wix-sdk-error';

/**
 * What {@link createAuthStrategy} and {@link createRenewingFetch} use of a token
 * manager (`createTokenManager` of `@site-identity/tokens`).
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import type { StrategyTokens } from '@site-identity/wix-sdk';
 *
 * const tokens: StrategyTokens = createTokenManager({ clientId: 'my-client-id' });
 * ```
 */
export type StrategyTokens = Pick<
  TokenManager,
  'getAccessToken' | 'getSnapshot' | 'refresh' | 'servedThroughCdn' | 'subscribe'
>;

/**
 * The `AuthenticationStrategy` that `@wix/sdk`'s `createClient({ auth })` takes,
 * as {@link createAuthStrategy} makes it.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createAuthStrategy, type SessionAuthStrategy } from '@site-identity/wix-sdk';
 *
 * const auth: SessionAuthStrategy = createAuthStrategy(createTokenManager({ clientId: 'my-client-id' }));
 * ```
 */
export interface SessionAuthStrategy {
  /** The session's access token, raw (no `Bearer`), as `Authorization`; renews it when due. */
  getAuthHeaders(host?: unknown): Promise<{ headers: Record<string, string> }>;
  /** The access token held now (`undefined` before the first one), without a request. */
  getActiveToken(): string | undefined;
  /** Whether module calls go to the platform's CDN host (`edge.wixapis.com`). */
  shouldUseCDN: boolean;
}

/**
 * Options of {@link createAuthStrategy}.
 *
 * @example
 * ```ts
 * import type { AuthStrategyOptions } from '@site-identity/wix-sdk';
 *
 * const options: AuthStrategyOptions = { useCDN: false };
 * ```
 */
export interface AuthStrategyOptions {
  /** Send module calls to the CDN host. Default: the manager's `servedThroughCdn` (true). */
  readonly useCDN?: boolean;
}

const MANAGER_METHODS = ['getAccessToken', 'getSnapshot', 'refresh', 'subscribe'] as const;

/** `tokens` when it is a token manager, else `INVALID_ARGUMENT` naming `name`. @internal */
export function strategyTokens(tokens: unknown, name: string): StrategyTokens {
  if (!isRecord(tokens) || MANAGER_METHODS.some((method) => typeof tokens[method] !== 'function'))
    throw invalid(
      {
        name,
        expected: "a token manager from '@site-identity/tokens' createTokenManager()",
        value: tokens,
        shown: typeof tokens === 'string' ? 'a string' : undefined,
      },
      invalidArgument,
    );
  return tokens as unknown as StrategyTokens;
}

/**
 * Our session behind every `@wix/sdk` module call: an `AuthenticationStrategy`
 * for `createClient({ auth })`. Each call's `Authorization` is the manager's access
 * token, raw as the platform expects; an expired one is renewed first, and any
 * number of calls at once (in every tab) share one renewal. `shouldUseCDN` follows
 * the manager's `servedThroughCdn`, so module calls go to the CDN host as they do
 * with `@wix/sdk`'s own strategy. Pair it with {@link createRenewingFetch} so that
 * a call answered 401 (a revoked token) is renewed and sent once more.
 *
 * @param tokens - The session's token manager.
 * @param options - {@link AuthStrategyOptions}.
 * @throws WixSdkError `INVALID_ARGUMENT` when `tokens` is not a token manager or `options` not an object.
 * @example
 * ```ts
 * import { createClient } from '@wix/sdk';
 * import { members } from '@wix/members';
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createAuthStrategy, createRenewingFetch } from '@site-identity/wix-sdk';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const client = createClient({
 *   modules: { members },
 *   auth: createAuthStrategy(tokens),
 *   fetch: createRenewingFetch(tokens),
 * });
 * const { member } = await client.members.getCurrentMember();
 * ```
 */
export function createAuthStrategy(
  tokens: StrategyTokens,
  options?: AuthStrategyOptions,
): SessionAuthStrategy {
  const manager = strategyTokens(tokens, 'tokens');
  const { useCDN = manager.servedThroughCdn } = optionsOf<AuthStrategyOptions>(
    options,
    'options',
    invalidArgument,
  );
  if (typeof useCDN !== 'boolean')
    throw invalid(
      { name: 'options.useCDN', expected: 'a boolean', value: useCDN },
      invalidArgument,
    );
  return {
    async getAuthHeaders() {
      return { headers: { Authorization: await manager.getAccessToken() } };
    },
    getActiveToken: () => manager.getSnapshot().tokens?.accessToken.value || undefined,
    shouldUseCDN: useCDN,
  };
}
