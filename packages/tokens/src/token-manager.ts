import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import { absoluteUrl, invalid, isRecord, untilAborted } from '@site-identity/http/internal';
import { explicitEntry } from './entry';
import { invalidArgument } from './tokens-error';
import { internals } from './internals';
import { createRenewal } from './renewal';
import { createSessionEngine, type SessionEngine } from './session-engine';
import { createGrants } from './token-endpoint';
import type { AutoRefresh, TokenManager, TokenManagerOptions } from './token-manager-types';
import { freezeTokens, isTokens } from './token-set';
import type { Tokens } from './types';

/** The app's automatic renewal (`autoRefresh` from `@site-identity/tokens/auto-refresh`), plugged into the session. */
function plugAutoRefresh(given: unknown, engine: SessionEngine, renew: () => Promise<Tokens>) {
  if (given === undefined || given === false) return undefined;
  if (typeof given !== 'function')
    throw invalid(
      {
        name: 'autoRefresh',
        expected: "autoRefresh from '@site-identity/tokens/auto-refresh' (or false)",
        value: given,
      },
      invalidArgument,
    );
  const { now, leewaySeconds } = engine;
  return (given as AutoRefresh)({
    renew,
    dueInMs() {
      const tokens = engine.session.held.tokens;
      return tokens ? (tokens.accessToken.expiresAt - leewaySeconds) * 1000 - now() : undefined;
    },
    retrying(delayMs) {
      const retryAt = now() + delayMs;
      engine.observed()?.retry(delayMs, retryAt);
      void engine.dispatch({ type: 'failed', error: engine.session.snapshot.error, retryAt });
    },
  });
}

/**
 * Creates the token manager of one site client. Nothing is read before the
 * first call; a synchronous storage is read on the first `getSnapshot()`.
 *
 * Renewal: a valid access token is returned as is; an expired one (within
 * `leewaySeconds`) is renewed through the refresh token; without one, or when
 * the endpoint rejects it (a 400 or 401 answer to the refresh grant), visitor
 * tokens are fetched (`SESSION_EXPIRED` for a member). Any other failure
 * (network, time-out, 5xx, 429, 403, 404, a malformed answer) keeps the session
 * and rejects with a `TokenEndpointError` whose `retryable` says whether trying
 * again may help. Every reason to renew shares one flight; across tabs, the
 * renewing tab holds a Web Lock for its whole request and hands the new tokens
 * to the others before it lets go, so a refresh token is presented once.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 RFC 6749 §6 (refreshing an access token)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 RFC 9700 §4.14.2 (refresh token rotation)
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id' });
 * const response = await fetch('https://www.wixapis.com/my-app/v1/items', {
 *   headers: { authorization: await manager.getAccessToken() },
 * });
 * ```
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  if (!isRecord(options))
    throw invalid(
      { name: 'options', expected: 'an object with a clientId', value: options },
      invalidArgument,
    );
  const apiBaseUrl = absoluteUrl(
    options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    'apiBaseUrl',
    invalidArgument,
  ).href.replace(/\/+$/, '');
  // Options the endpoint does not know are ignored; undefined ones take its defaults.
  const endpoint = createGrants({
    ...options,
    tokenUrl: options.tokenUrl ?? `${apiBaseUrl}/oauth2/token`,
  });
  const engine = createSessionEngine(options, () => auto?.schedule());
  const { load, dispatch, usable, now } = engine;
  const auto = plugAutoRefresh(options.autoRefresh, engine, getTokens);
  const renew = createRenewal(engine, endpoint.grant);

  async function loadAndGet(): Promise<Tokens> {
    await load();
    return usable() ?? renew(false);
  }

  /** Valid tokens at hand come back without a wait: the hot path of every authorised call. */
  function getTokens(): Promise<Tokens> {
    return Promise.resolve(usable() ?? loadAndGet());
  }

  /** An explicit change (sign-in, `setTokens`, `clear`): the newest epoch, told and stored. */
  async function replace(tokens: Tokens | null): Promise<void> {
    await load();
    await dispatch({ type: 'replaced', entry: explicitEntry(tokens, engine.session.held, now()) });
  }

  const manager: TokenManager = {
    servedThroughCdn: true,
    clientId: engine.clientId,
    apiBaseUrl,
    fetch: options.fetch,
    storageKey: engine.key,
    getTokens: (options) => untilAborted(getTokens, options, invalidArgument),
    // The hot path of every authorised call: valid tokens at hand answer without a chained step.
    getAccessToken: (options) =>
      untilAborted(
        // Tokens that serve have an access token (an empty one is expired).
        () => usable()?.accessToken.value ?? loadAndGet().then((t) => t.accessToken.value),
        options,
        invalidArgument,
      ),
    refresh: (options) =>
      untilAborted(
        async () => {
          await load();
          return renew(true);
        },
        options,
        invalidArgument,
      ),
    async setTokens(next) {
      if (!isTokens(next) || !next.accessToken.value || !next.refreshToken.value) {
        // What came is named by its kind only: it may hold a token.
        throw invalid(
          {
            name: 'tokens',
            expected:
              'a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } } with non-empty values',
            value: next,
            shown: isRecord(next)
              ? 'an object of another shape'
              : typeof next === 'string'
                ? 'a string'
                : undefined,
          },
          invalidArgument,
        );
      }
      await replace(freezeTokens(next));
    },
    async exchangeCode(request) {
      const next = await endpoint.exchangeCode(request);
      await replace(next);
      return next;
    },
    clear: () => replace(null),
    isLoggedIn() {
      void load();
      return engine.session.held.tokens?.refreshToken.role === 'member';
    },
    getSnapshot() {
      void load();
      return engine.session.snapshot;
    },
    subscribe(listener) {
      const unsubscribe = engine.subscribe(listener);
      void load();
      return unsubscribe;
    },
    dispose() {
      auto?.stop();
      engine.dispose();
    },
  };
  return internals.lend(manager, { observe: engine.observe, grant: endpoint.grant });
}
