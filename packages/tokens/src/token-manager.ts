import { attempt } from './attempt';
import { createAutoRefresh } from './auto-refresh';
import { watchOtherTabs } from './cross-tab';
import { invalid, isTokenEndpointError, TokensError } from './errors';
import { withLock } from './lock';
import {
  eventFor,
  LOADING,
  snapshotOf,
  type SessionEvent,
  type SessionListener,
  type SessionSnapshot,
} from './session';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import { singleFlight } from './single-flight';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import { createTokenEndpoint } from './token-endpoint';
import { freezeTokens, isExpired, isTokens, sameTokens } from './token-set';
import type { Tokens } from './types';

type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)`: at once for a plain value, once it settles for a thenable (with
 * `failed` for its rejection), so that a synchronous storage stays synchronous.
 */
function after<T, R>(
  value: T | PromiseLike<T>,
  next: (value: T) => R,
  failed?: (error: unknown) => R,
): MaybePromise<R> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
    ? Promise.resolve(value).then(next, failed)
    : next(value as T);
}

/** `localStorage`, or memory where there is none or it is disabled (sandboxed frame, blocked cookies). */
const defaultStorage = (): TokenStorage =>
  attempt(() => localStorage && webStorage(localStorage)) || memoryStorage();

/**
 * Creates the token manager of one site client. Nothing is read before the
 * first call; a synchronous storage is read on the first `getSnapshot()`.
 *
 * Renewal: a valid access token is returned as is; an expired one (within
 * `leewaySeconds`) is renewed through the refresh token; without one, or when
 * the endpoint rejects it (4xx), visitor tokens are fetched (`SESSION_EXPIRED`
 * for a member). A transient failure (network, time-out, 5xx, 429) keeps the
 * stored tokens and rejects with a retryable `TokenEndpointError`.
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
  const {
    clientId,
    now = () => Date.now(),
    leewaySeconds = 60,
    crossTab = true,
    lockTimeoutMs = 5_000,
  } = options ?? {};
  // Options the endpoint does not know are ignored; undefined ones take its defaults.
  const endpoint = createTokenEndpoint({ ...options, now });
  if (!(leewaySeconds >= 0) || !(lockTimeoutMs >= 0) || typeof now !== 'function') {
    throw invalid('leewaySeconds, lockTimeoutMs and now', '0 or more and a function');
  }
  const key = options.storageKey ?? `site-identity:${clientId}:tokens`;
  const report =
    options.onError ?? ((error: TokensError) => console.warn(`[site-identity] ${error.message}`));
  const listeners = new Set<SessionListener>();
  let storage = options.storage;
  let snapshot = LOADING;
  let tokens: Tokens | null = null;
  let loaded = false;
  let loading: MaybePromise<void>;
  let version = 0;
  let tabs: ReturnType<typeof watchOtherTabs> | undefined;
  let storageFailed = false;
  let disposed = false;

  const store = () => (storage ??= defaultStorage());
  const valid = (t: Tokens | null): t is Tokens =>
    t !== null && !isExpired(t, now(), leewaySeconds);
  const auto = options.autoRefresh
    ? createAutoRefresh(getTokens, () =>
        tokens ? (tokens.accessToken.expiresAt - leewaySeconds) * 1000 - now() : undefined,
      )
    : undefined;

  function unavailable(cause: unknown): undefined {
    if (!storageFailed)
      report(new TokensError('STORAGE_UNAVAILABLE', 'Storage failed; using memory', { cause }));
    storageFailed = true;
    return undefined;
  }

  function parse(raw: unknown): Tokens | null {
    if (raw === null || raw === undefined || raw === '') return null;
    const value: unknown = attempt(() => JSON.parse(String(raw)));
    if (isTokens(value)) return freezeTokens(value);
    report(new TokensError('STORAGE_CORRUPT', `"${key}" is not a token set`));
    return null;
  }

  /** The stored tokens; `undefined` when the storage could not be read. */
  function read(): MaybePromise<Tokens | null | undefined> {
    try {
      return after(store().getItem(key), parse, unavailable);
    } catch (error) {
      return unavailable(error);
    }
  }

  function persist(next: Tokens | null): MaybePromise<void> {
    try {
      return after(
        next ? store().setItem(key, JSON.stringify(next)) : store().removeItem(key),
        () => tabs?.announce(),
        unavailable,
      );
    } catch (error) {
      unavailable(error);
    }
  }

  function publish(next: SessionSnapshot, event?: SessionEvent): void {
    snapshot = next;
    for (const listener of [...listeners]) {
      try {
        listener(next, event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** Makes `next` the session (already stored); `expired` marks a rejected member session. */
  function apply(next: Tokens | null, expired = false): void {
    const previous = tokens;
    const changed = loaded && !sameTokens(previous, next);
    const first = !loaded;
    tokens = next;
    loaded = true;
    version++;
    if (first || changed || snapshot.error)
      publish(snapshotOf(next), changed ? eventFor(previous, next, expired) : undefined);
    auto?.schedule();
  }

  function sync(): void {
    void after(read(), (stored) => {
      if (stored !== undefined && !sameTokens(stored, tokens)) apply(stored);
    });
  }

  function start(): void {
    if (!tabs && crossTab && !disposed && globalThis.window)
      tabs = watchOtherTabs(`site-identity:${clientId}`, store(), key, sync);
  }

  /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
  function load(): MaybePromise<void> {
    if (loaded) return;
    start();
    return (loading ??= after(read(), (stored) => {
      if (loaded) return;
      tokens = stored ?? null;
      loaded = true;
      auto?.schedule();
      const next = snapshotOf(tokens);
      if (loading) publish(next);
      else snapshot = next;
    }));
  }

  async function renewNow(force = false): Promise<Tokens> {
    for (let round = 0; ; round++) {
      let adopted = false;
      if (crossTab) {
        const stored = await read();
        if (
          stored &&
          !sameTokens(stored, tokens) &&
          (!tokens || stored.accessToken.expiresAt >= tokens.accessToken.expiresAt)
        ) {
          apply(stored);
          adopted = true;
        }
      }
      const current = tokens;
      // A forced renewal is satisfied by tokens another tab renewed meanwhile.
      if (valid(current) && (!force || adopted || round > 0)) return current;
      const base = version;
      let expired = false;
      let next: Tokens;
      try {
        if (current?.refreshToken.value && current.refreshToken.role !== 'none') {
          try {
            next = await endpoint.refresh(current.refreshToken);
          } catch (error) {
            // A 4xx answer (no status: no answer) that will not change by trying again.
            const rejected =
              isTokenEndpointError(error) && !error.retryable && (error.status ?? 500) < 500;
            if (!rejected || round > 1) throw error;
            // Another tab may have rotated the refresh token first: look again before giving up.
            const stored = await read();
            if (
              version !== base ||
              (stored && stored.refreshToken.value !== current.refreshToken.value)
            ) {
              if (version === base && stored) apply(stored);
              continue;
            }
            expired = current.refreshToken.role === 'member';
            next = await endpoint.anonymous();
          }
        } else {
          next = await endpoint.anonymous();
        }
      } catch (error) {
        if (version !== base && round < 2) continue;
        // The snapshot carries the failure until the next success.
        if (error instanceof TokensError) publish(snapshotOf(tokens, error));
        throw error;
      }
      if (version !== base) {
        // setTokens, clear or another tab changed the session meanwhile: theirs wins.
        if (valid(tokens) || round > 1) return tokens ?? next;
        continue;
      }
      apply(next, expired);
      await persist(next);
      return next;
    }
  }

  const renewing = (force: boolean) => () =>
    crossTab ? withLock(`${key}:renew`, lockTimeoutMs, () => renewNow(force)) : renewNow(force);
  const renew = singleFlight(renewing(false));
  const forceRenew = singleFlight(renewing(true));

  async function loadAndGet(): Promise<Tokens> {
    await load();
    return valid(tokens) ? tokens : renew();
  }

  /** Valid tokens at hand come back without a wait: the hot path of every authorised call. */
  function getTokens(): Promise<Tokens> {
    return loaded && valid(tokens) ? Promise.resolve(tokens) : loadAndGet();
  }

  async function replace(next: Tokens | null): Promise<void> {
    await load();
    apply(next);
    await persist(next);
  }

  return {
    servedThroughCdn: true,
    storageKey: key,
    getTokens,
    // The hot path of every authorised call: valid tokens at hand answer without a chained step.
    getAccessToken: () =>
      loaded && valid(tokens)
        ? Promise.resolve(tokens.accessToken.value)
        : loadAndGet().then((t) => t.accessToken.value),
    async refresh() {
      await load();
      return forceRenew();
    },
    async setTokens(next) {
      if (!isTokens(next) || !next.accessToken.value || !next.refreshToken.value) {
        throw invalid('tokens', 'a token set');
      }
      await replace(freezeTokens(next));
    },
    async exchangeCode(request) {
      const next = await endpoint.exchangeCode(request);
      await replace(next);
      return next;
    },
    async authorizedClient(request) {
      const accessToken = request?.accessToken ?? (await getTokens()).accessToken.value;
      return endpoint.authorizedClient({ ...request, accessToken });
    },
    clear: () => replace(null),
    isLoggedIn() {
      void load();
      return tokens?.refreshToken.role === 'member';
    },
    getSnapshot() {
      void load();
      return snapshot;
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw invalid('listener', 'a function');
      void load();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      auto?.stop();
      tabs?.stop();
      tabs = undefined;
      listeners.clear();
    },
  };
}
