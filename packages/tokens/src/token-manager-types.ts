import type { SignalOption, TokensError } from './tokens-error';
import type { SessionListener, SessionSnapshot } from './session';
import type { TokenStorage } from './storage';
import type { TabEnvironment } from './tab-channel';
import type { FetchLike, TokenEndpoint, TokenRequestHeaders } from './token-endpoint';
import type { Tokens } from './types';

/**
 * What a token manager gives its automatic renewal: the renewal itself, when the
 * next one is due, and where to report the wait after a failure.
 *
 * @example
 * ```ts
 * import type { AutoRefreshSession } from '@site-identity/tokens';
 * const logged = (session: AutoRefreshSession) => console.log('due in', session.dueInMs(), 'ms');
 * ```
 */
export interface AutoRefreshSession {
  /** Renews the tokens (the manager's `getTokens`: at most one request, shared). */
  renew(): Promise<unknown>;
  /** Milliseconds until the access token is due for renewal; `undefined` with no tokens. */
  dueInMs(): number | undefined;
  /** A renewal failed: the next attempt is in `delayMs` (shown as `snapshot.nextRetryAt`). */
  retrying(delayMs: number): void;
}

/**
 * Automatic renewal for {@link TokenManagerOptions.autoRefresh}: `autoRefresh` from
 * `@site-identity/tokens/auto-refresh`. The manager calls it once with its session.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { autoRefresh } from '@site-identity/tokens/auto-refresh';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id', autoRefresh });
 * ```
 */
export type AutoRefresh = (session: AutoRefreshSession) => {
  /** New tokens (here or from another tab): the next renewal when they are due. */
  schedule(): void;
  /** The manager was disposed. */
  stop(): void;
};

/**
 * Options of {@link createTokenManager}.
 *
 * @example
 * ```ts
 * import type { TokenManagerOptions } from '@site-identity/tokens';
 * const options: TokenManagerOptions = { clientId: 'my-client-id', leewaySeconds: 30 };
 * ```
 */
export interface TokenManagerOptions {
  /** The site's OAuth client id. */
  readonly clientId: string;
  /**
   * The platform's API base, `https://www.wixapis.com` by default. The token URL
   * defaults to `<apiBaseUrl>/oauth2/token`, and `createRedirects` and
   * `createMemberAuth` given this manager use it unless they are given their own.
   */
  readonly apiBaseUrl?: string;
  /** Default `<apiBaseUrl>/oauth2/token`. */
  readonly tokenUrl?: string;
  /** Default `webStorage(localStorage)` in a browser, `memoryStorage()` elsewhere. */
  readonly storage?: TokenStorage;
  /** Default `site-identity:<clientId>:tokens`. */
  readonly storageKey?: string;
  /** Default `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** The clock, in epoch milliseconds. Default `Date.now()`. */
  readonly now?: () => number;
  /** An access token this close to expiry (seconds) counts as expired. Default 60. */
  readonly leewaySeconds?: number;
  /**
   * Share the session with the other tabs of the site and renew one tab at a time
   * (a Web Lock and a `BroadcastChannel`). Default `true`; `false` for a tab of its
   * own; a {@link TabEnvironment} to bring other locks or a channel.
   */
  readonly crossTab?: boolean | TabEnvironment;
  /**
   * Renew the access token shortly before it expires while the page is visible:
   * `autoRefresh` from `@site-identity/tokens/auto-refresh`, a separate import so that
   * an app that renews on demand does not carry it. Default: none (`false` too).
   */
  readonly autoRefresh?: AutoRefresh | false;
  /** Time-out of a token request in milliseconds. Default 10 000. */
  readonly timeoutMs?: number;
  /**
   * Extra headers on every token request (e.g. `client-binding`): a record, or a function
   * called once per request that returns one; see {@link TokenRequestHeaders}.
   */
  readonly tokenRequestHeaders?: TokenRequestHeaders;
  /**
   * How long a renewal waits for another tab's renewal to end before it rejects
   * (`LOCK_TIMEOUT`, retryable) without sending anything. Default: twice `timeoutMs`
   * (the holder's refresh, then visitor tokens if it is rejected) plus 2 s. The browser
   * lets go of a closed tab's lock, so the wait ends sooner when the holder goes away.
   */
  readonly lockTimeoutMs?: number;
  /** Receives storage problems (never with a token value). Default `console.warn`. */
  readonly onError?: (error: TokensError) => void;
}

/**
 * What `authorizedClient(manager, request)` of `@site-identity/tokens/authorized-client` takes: the endpoint's request, with the
 * access token optional (default: the manager's own).
 *
 * @example
 * ```ts
 * import type { AuthorizedClientRequest } from '@site-identity/tokens';
 * declare const apiKey: string;
 * const request: AuthorizedClientRequest = { memberId: 'c0ffee', secondToken: apiKey };
 * ```
 */
export type AuthorizedClientRequest = Omit<
  Parameters<TokenEndpoint['authorizedClient']>[0],
  'accessToken'
> & { accessToken?: string };

/**
 * Keeps one token set alive: reads it from storage, renews it once for any
 * number of callers, shares it with other tabs and tells subscribers.
 *
 * @example
 * ```ts
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 * declare function render(...args: unknown[]): unknown;
 * const accessToken = await manager.getAccessToken();
 * const stop = manager.subscribe((snapshot, event) => render(snapshot.status, event));
 * ```
 */
export interface TokenManager {
  /** Tokens are served through the platform's CDN. */
  readonly servedThroughCdn: true;
  /** The site's OAuth client id this manager was configured with, for the other factories to inherit. */
  readonly clientId: string;
  /** The platform's API base this manager was configured with, for the other factories to inherit. */
  readonly apiBaseUrl: string;
  /** The `fetch` this manager was configured with (`undefined`: the global one), for the other factories to inherit. */
  readonly fetch: FetchLike | undefined;
  /** The storage key of the token set. */
  readonly storageKey: string;
  /**
   * Valid tokens: the current ones, renewed ones, or new visitor tokens. An aborted
   * `signal` rejects this call with `ABORTED`; a renewal other callers share goes on.
   */
  getTokens(options?: SignalOption): Promise<Tokens>;
  /** The raw access token value of {@link TokenManager.getTokens}, for an `Authorization` header. */
  getAccessToken(options?: SignalOption): Promise<string>;
  /**
   * Renews now, whatever the expiry: through the refresh token, or visitor tokens when
   * there is none. Joins a renewal already running (here or in another tab) and renews
   * again only if that one's result is not later than the session it was called with,
   * so concurrent calls cost one request. An aborted `signal` rejects this call with
   * `ABORTED`; the renewal goes on for the others.
   */
  refresh(options?: SignalOption): Promise<Tokens>;
  /** Replaces the token set (after a code exchange, for instance), stores it and tells other tabs. */
  setTokens(tokens: Tokens): Promise<void>;
  /**
   * Exchanges an authorization code and its PKCE verifier for member tokens and makes
   * them the session (`SIGNED_IN` here and in other tabs). A renewal running meanwhile
   * never overwrites them. An aborted `signal` stops the request (`ABORTED`) and
   * leaves the session as it was.
   *
   * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.5 RFC 7636 §4.5
   */
  exchangeCode(request: Parameters<TokenEndpoint['exchangeCode']>[0]): Promise<Tokens>;
  /** Forgets the token set (role none), in storage and in other tabs. */
  clear(): Promise<void>;
  /** Whether the refresh token is a member's. */
  isLoggedIn(): boolean;
  /** The current immutable snapshot; the same object until something changes. */
  getSnapshot(): SessionSnapshot;
  /** Calls `listener(snapshot, event?)` on every change; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
  /** Stops timers, cross-tab listeners and subscriptions. */
  dispose(): void;
}
