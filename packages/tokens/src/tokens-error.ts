import {
  isPlatformError,
  isSiteIdentityError,
  PlatformError,
  SiteIdentityError,
  type PlatformErrorInit,
  type PlatformErrorKind,
} from '@site-identity/http';
/**
 * The machine-readable codes of {@link TokensError} and {@link TokenEndpointError}.
 *
 * - `INVALID_ARGUMENT`: a call got input it cannot use.
 * - `STORAGE_CORRUPT`: stored tokens were not a token set; they are ignored.
 * - `STORAGE_UNAVAILABLE`: the storage threw (private mode, quota); the session
 *   carries on in memory.
 * - `NETWORK_ERROR`, `TIMEOUT`, `RATE_LIMITED`, `SERVER_ERROR`,
 *   `INVALID_RESPONSE`: token endpoint failures that keep the session; `retryable`
 *   says whether the same request may succeed later (as on a `PlatformError`).
 * An aborted call rejects with the one abort error of every package, a
 * `PlatformError` of `@site-identity/http` (kind `aborted`, code `ABORTED`); the
 * session is kept.
 * - `INVALID_GRANT`: the endpoint rejected a refresh token (400 or 401), the only
 *   failure that ends a session.
 * - `REQUEST_REJECTED`: any other non-200 answer (403, 404, …): the session is kept.
 * - `LOCK_TIMEOUT`: another tab's renewal did not end within its bound; this tab sent
 *   nothing and kept its session (`retryable`).
 * - `SESSION_BUSY`: other tabs changed the session again and again during a renewal;
 *   nothing was sent (`retryable`).
 * - `TAB_MESSAGE_REFUSED`: a message on the tab channel was not of its shape, or came
 *   from beyond the clock (an epoch no tab could have made); it was ignored. Told to
 *   the inspection only (an `error` event).
 *
 * @example
 * ```ts
 * import { isTokensError, type TokensErrorCode } from '@site-identity/tokens';
 * const transient: TokensErrorCode[] = ['NETWORK_ERROR', 'TIMEOUT'];
 * ```
 */
export type TokensErrorCode =
  | 'INVALID_ARGUMENT'
  | 'STORAGE_CORRUPT'
  | 'STORAGE_UNAVAILABLE'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'INVALID_RESPONSE'
  | 'INVALID_GRANT'
  | 'REQUEST_REJECTED'
  | 'LOCK_TIMEOUT'
  | 'SESSION_BUSY'
  | 'TAB_MESSAGE_REFUSED';

/**
 * What a {@link TokensError} is built from.
 *
 * @example
 * ```ts
 * import { TokensError, type TokensErrorInit } from '@site-identity/tokens';
 * const init: TokensErrorInit = { code: 'LOCK_TIMEOUT', retryable: true };
 * throw new TokensError('Another tab did not finish its renewal', init);
 * ```
 */
export interface TokensErrorInit {
  readonly code: TokensErrorCode | (string & {});
  /** Whether the same call may succeed later. Default `false`. */
  readonly retryable?: boolean | undefined;
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
}

/**
 * The error of this package (a `SiteIdentityError` of `@site-identity/http`): bad
 * input, storage, the tab lock. A failed token request is a {@link TokenEndpointError},
 * which extends http's `PlatformError`, not this class; an aborted call rejects with
 * http's `PlatformError` `ABORTED`. The guards agree with `instanceof`:
 * `isTokensError` recognises a `TokensError` only, `isTokenEndpointError` (and
 * `isPlatformError`) a `TokenEndpointError`. Messages never contain a token value.
 *
 * @example
 * ```ts
 * import { TokensError } from '@site-identity/tokens';
 * const error = new TokensError('clientId must be a non-empty string; got undefined', {
 *   code: 'INVALID_ARGUMENT',
 * });
 * error.code; // 'INVALID_ARGUMENT'
 * ```
 */
export class TokensError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'TokensError';
  declare name: 'TokensError';

  /** What went wrong, for programs; the message is for people. */
  declare readonly code: TokensErrorCode | (string & {});
  /**
   * Whether the same call may succeed later, as `PlatformError.retryable` of
   * `@site-identity/http` says it. Whether the session was kept is another
   * question: every failure keeps it but a {@link TokenEndpointError} with `invalidGrant`.
   */
  declare readonly retryable: boolean;

  constructor(message: string, init: TokensErrorInit) {
    super(message, { ...init, retryable: init?.retryable === true } as TokensErrorInit);
  }
}

/** `INVALID_ARGUMENT` with a finished message: the `make` of http's shared checks. @internal */
export const invalidArgument = (message: string): TokensError =>
  new TokensError(message, { code: 'INVALID_ARGUMENT' });

/**
 * The `signal` every async call of this package takes: aborting it rejects the
 * call with http's `PlatformError` `ABORTED` (kind `aborted`, the signal's reason
 * as `cause`) and never ends a session.
 *
 * @example
 * ```ts
 * import type { SignalOption, TokenEndpoint } from '@site-identity/tokens';
 * declare const endpoint: TokenEndpoint;
 *
 * const options: SignalOption = { signal: AbortSignal.timeout(2000) };
 * await endpoint.anonymous(options);
 * ```
 */
export interface SignalOption {
  readonly signal?: AbortSignal | undefined;
}

/**
 * Every grant the token endpoint knows; a {@link TokenEndpointError} names the one that failed.
 *
 * @example
 * ```ts
 * import { isTokenEndpointError, type GrantType } from '@site-identity/tokens';
 * declare const error: unknown;
 * declare function showOfflineBanner(...args: unknown[]): unknown;
 *
 * const renewal: GrantType = 'refresh_token';
 * if (isTokenEndpointError(error) && error.grantType === renewal) showOfflineBanner();
 * ```
 */
export type GrantType = 'anonymous' | 'refresh_token' | 'authorization_code' | 'authorized_client';

/**
 * What a {@link TokenEndpointError} is built from: the fields of a `PlatformError`
 * (`kind`, `status`, `requestId`, `retryable`, `response`, `cause`, …), its code
 * and the grant.
 *
 * @example
 * ```ts
 * import { TokenEndpointError, type TokenEndpointErrorInit } from '@site-identity/tokens';
 * const init: TokenEndpointErrorInit = {
 *   code: 'SERVER_ERROR',
 *   grantType: 'refresh_token',
 *   kind: 'http',
 *   status: 503,
 *   retryable: true,
 * };
 * throw new TokenEndpointError('Failed to fetch tokens from OAuth API: 503 Service Unavailable', init);
 * ```
 */
export interface TokenEndpointErrorInit extends Omit<PlatformErrorInit, 'kind' | 'code'> {
  readonly code: TokensErrorCode | (string & {});
  /** The grant that was asked for. */
  readonly grantType: GrantType;
  /** Default: `network` or `timeout` without a status, `http` with one. */
  readonly kind?: PlatformErrorKind | undefined;
}

/**
 * The token endpoint failed: 'Failed to fetch tokens from OAuth API', with the
 * status and status text, or what happened when no answer came, and the platform
 * request id when there was an answer.
 *
 * @example
 * ```ts
 * import { isTokenEndpointError } from '@site-identity/tokens';
 * import type { TokenEndpoint, Tokens } from '@site-identity/tokens';
 * declare const endpoint: TokenEndpoint;
 * declare const tokens: Tokens;
 * try {
 *   await endpoint.refresh(tokens.refreshToken);
 * } catch (error) {
 *   if (isTokenEndpointError(error) && error.invalidGrant) {
 *     // the refresh token is no longer valid: fetch visitor tokens
 *   }
 * }
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 RFC 6749 §5.2 (error response)
 */
export class TokenEndpointError extends PlatformError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'TokenEndpointError';
  declare name: 'TokenEndpointError';

  /** What went wrong, for programs: one of {@link TokensErrorCode}. */
  declare readonly code: TokensErrorCode | (string & {});
  /** The grant that was asked for. */
  declare readonly grantType: GrantType;
  /**
   * The endpoint rejected a refresh token (400 or 401): it will never work again,
   * and the session ends. Every other failure keeps the session.
   */
  declare readonly invalidGrant: boolean;

  constructor(message: string, init: TokenEndpointErrorInit) {
    // Called without its init (from JavaScript): an error without fields, not a TypeError.
    super(message, {
      ...init,
      kind:
        init?.kind ??
        (init?.status === undefined ? (init?.code === 'TIMEOUT' ? 'timeout' : 'network') : 'http'),
      invalidGrant: init?.code === 'INVALID_GRANT',
    } as PlatformErrorInit);
  }
}

/**
 * Whether `value` is a {@link TokensError}, also one from another realm, another
 * copy of this package or a subclass (the one rule of every guard: the brand of
 * `SiteIdentityError` and a string `code`; not the prototype). A
 * {@link TokenEndpointError} is a `PlatformError`, not a `TokensError`: check it
 * with {@link isTokenEndpointError}.
 *
 * @example
 * ```ts
 * import { isTokensError } from '@site-identity/tokens';
 * declare const error: unknown;
 * if (isTokensError(error) && error.code === 'STORAGE_CORRUPT') console.warn(error.message);
 * ```
 */
export function isTokensError(value: unknown): value is TokensError {
  return isSiteIdentityError(value, 'TokensError');
}

/**
 * Whether `value` is a {@link TokenEndpointError} (which is a `PlatformError` of
 * `@site-identity/http`, so `isPlatformError` says yes too, and `isTokensError` no),
 * also one from another realm, another copy of this package or a subclass.
 *
 * @example
 * ```ts
 * import { isTokenEndpointError } from '@site-identity/tokens';
 * declare const error: unknown;
 * declare function retry(): void;
 * if (isTokenEndpointError(error) && error.retryable) setTimeout(retry, 1000);
 * ```
 */
export function isTokenEndpointError(value: unknown): value is TokenEndpointError {
  return isPlatformError(value) && isSiteIdentityError(value, 'TokenEndpointError');
}
