import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import {
  absoluteUrl,
  attempt,
  describeValue,
  isRecord,
  nonNegative,
} from '@site-identity/http/internal';
import { createAutoRefresh } from './auto-refresh';
import { explicitEntry } from './entry';
import { abortable, invalid, invalidArgument, TokensError } from './errors';
import { createStoredRecord } from './record';
import { createRenewal } from './renewal';
import { createSessionEngine, LOCK_MARGIN_MS } from './session-engine';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import { createTokenEndpoint } from './token-endpoint';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import { freezeTokens, isTokens } from './token-set';
import type { Tokens } from './types';

/** `localStorage`, or memory where there is none or it is disabled (sandboxed frame, blocked cookies). */
const defaultStorage = (): TokenStorage =>
  attempt(() => localStorage && webStorage(localStorage)) || memoryStorage();

/** What came instead of a token set, named by its kind only: it may hold a token. */
const describeTokens = (value: unknown): string =>
  isRecord(value)
    ? 'an object of another shape'
    : typeof value === 'string'
      ? 'a string'
      : describeValue(value);

/** The manager's settings from its options, checked; the token endpoint it renews through. */
function resolveOptions(options: TokenManagerOptions) {
  if (!isRecord(options)) throw invalid('options', 'an object with a clientId', options);
  const {
    clientId,
    now = () => Date.now(),
    leewaySeconds = 60,
    crossTab = true,
    timeoutMs = 10_000,
  } = options;
  const apiBaseUrl = absoluteUrl(
    options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    'apiBaseUrl',
    invalidArgument,
  ).href.replace(/\/+$/, '');
  // Options the endpoint does not know are ignored; undefined ones take its defaults.
  const endpoint = createTokenEndpoint({
    ...options,
    tokenUrl: options.tokenUrl ?? `${apiBaseUrl}/oauth2/token`,
    now,
  });
  const lockTimeoutMs = options.lockTimeoutMs ?? 2 * timeoutMs + LOCK_MARGIN_MS;
  nonNegative(leewaySeconds, 'leewaySeconds', invalidArgument);
  nonNegative(lockTimeoutMs, 'lockTimeoutMs', invalidArgument);
  const key = options.storageKey ?? `site-identity:${clientId}:tokens`;
  const report =
    options.onError ?? ((error: TokensError) => console.warn(`[site-identity] ${error.message}`));
  let storage = options.storage;
  const store = () => (storage ??= defaultStorage());
  const record = createStoredRecord(store, key, report);
  const settings = { clientId, key, crossTab, store, record, now, leewaySeconds, lockTimeoutMs };
  return { settings, apiBaseUrl, endpoint };
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
  const { settings, apiBaseUrl, endpoint } = resolveOptions(options);
  const { now, leewaySeconds, lockTimeoutMs, key } = settings;
  const auto = options.autoRefresh
    ? createAutoRefresh(
        getTokens,
        () => {
          const tokens = engine.session.held.tokens;
          return tokens ? (tokens.accessToken.expiresAt - leewaySeconds) * 1000 - now() : undefined;
        },
        (delayMs) => {
          const { error } = engine.session.snapshot;
          void dispatch('failure', error, now() + delayMs);
        },
      )
    : undefined;
  const engine = createSessionEngine({ ...settings, moved: () => auto?.schedule() });
  const renewal = createRenewal(engine, endpoint, lockTimeoutMs);
  const { load, dispatch, usable } = engine;

  async function loadAndGet(): Promise<Tokens> {
    await load();
    return usable() ?? renewal.renew(false);
  }

  /** Valid tokens at hand come back without a wait: the hot path of every authorised call. */
  function getTokens(): Promise<Tokens> {
    const tokens = usable();
    return tokens ? Promise.resolve(tokens) : loadAndGet();
  }

  /**
   * An explicit change (sign-in, `setTokens`, `clear`): the newest epoch, told to the
   * other tabs at once and stored; then, holding the lock, stored again should a
   * renewal that ended meanwhile have written an older session over it.
   */
  async function replace(tokens: Tokens | null): Promise<void> {
    await load();
    await dispatch('replaced', explicitEntry(tokens, engine.session.held, now()));
  }

  return {
    servedThroughCdn: true,
    apiBaseUrl,
    fetch: options.fetch,
    storageKey: key,
    getTokens: (options) => abortable(getTokens, options),
    // The hot path of every authorised call: valid tokens at hand answer without a chained step.
    getAccessToken: (options) =>
      abortable(() => {
        const tokens = usable();
        return tokens
          ? Promise.resolve(tokens.accessToken.value)
          : loadAndGet().then((t) => t.accessToken.value);
      }, options),
    refresh: (options) =>
      abortable(async () => {
        await load();
        return renewal.renew(true);
      }, options),
    async setTokens(next) {
      if (!isTokens(next) || !next.accessToken.value || !next.refreshToken.value)
        throw invalidArgument(
          `tokens must be a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } } with non-empty values; got ${describeTokens(next)}`,
        );
      await replace(freezeTokens(next));
    },
    async exchangeCode(request) {
      const next = await endpoint.exchangeCode(request);
      await replace(next);
      return next;
    },
    async authorizedClient(request) {
      const accessToken =
        request?.accessToken ?? (await abortable(getTokens, request)).accessToken.value;
      return endpoint.authorizedClient({ ...request, accessToken });
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
      if (typeof listener !== 'function') throw invalid('listener', 'a function', listener);
      void load();
      return engine.subscribe(listener);
    },
    dispose() {
      auto?.stop();
      engine.dispose();
    },
  };
}
