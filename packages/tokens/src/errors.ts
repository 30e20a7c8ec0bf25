import { describeValue, hasBrand, type PlatformErrorKind } from '@site-identity/http';
/**
 * The machine-readable codes of {@link TokensError} and {@link TokenEndpointError}.
 *
 * - `INVALID_ARGUMENT`: a call got input it cannot use.
 * - `STORAGE_CORRUPT`: stored tokens were not a token set; they are ignored.
 * - `STORAGE_UNAVAILABLE`: the storage threw (private mode, quota); the session
 *   carries on in memory.
 * - `NETWORK_ERROR`, `TIMEOUT`, `RATE_LIMITED`, `SERVER_ERROR`,
 *   `INVALID_RESPONSE`: transient token endpoint failures (`retryable`).
 * - `INVALID_GRANT`: the endpoint rejected a refresh token (400 or 401).
 * - `REQUEST_REJECTED`: any other non-200 answer (403, 404, …): the session is kept.
 * - `LOCK_TIMEOUT`: another tab's renewal did not end within its bound; this tab sent
 *   nothing and kept its session (`retryable`).
 * - `SESSION_BUSY`: other tabs changed the session again and again during a renewal;
 *   nothing was sent (`retryable`).
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
  | 'SESSION_BUSY';

/**
 * The base class of every error this package throws or reports. Messages never
 * contain a token value.
 *
 * @example
 * ```ts
 * import { TokensError } from '@site-identity/tokens';
 * const error = new TokensError('INVALID_ARGUMENT', 'clientId must be a non-empty string');
 * error.code; // 'INVALID_ARGUMENT'
 * ```
 */
export class TokensError extends Error {
  override name: 'TokensError' | 'TokenEndpointError' = 'TokensError';

  /** The brand `isTokensError` recognises across realms and in subclasses. */
  get [Symbol.for('site-identity.TokensError')](): true {
    return true;
  }

  /** What went wrong, for programs; the message is for people. */
  readonly code: TokensErrorCode | (string & {});
  /** Whether the same call may succeed later (the session was kept). */
  readonly retryable: boolean;

  constructor(
    code: TokensErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, options);
    this.code = code;
    this.retryable = options?.retryable === true;
  }
}

/** `INVALID_ARGUMENT` with a finished message: the `invalid` of http's shared checks. @internal */
export const invalidArgument = (message: string): TokensError =>
  new TokensError('INVALID_ARGUMENT', message);

/** `INVALID_ARGUMENT`, '<name> must be <what>; got <value>': the one shape of every input error. @internal */
export const invalid = (name: string, what: string, value: unknown): TokensError =>
  invalidArgument(`${name} must be ${what}; got ${describeValue(value)}`);

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
 * The token endpoint failed: 'Failed to fetch tokens from OAuth API', with the
 * status text and the platform request id when there was an answer.
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
export class TokenEndpointError extends TokensError {
  override name = 'TokenEndpointError' as const;

  /** The brand `isTokenEndpointError` recognises across realms and in subclasses. */
  get [Symbol.for('site-identity.TokenEndpointError')](): true {
    return true;
  }

  /**
   * What went wrong, in the words of `PlatformError` (`@site-identity/http`):
   * `network`, `timeout`, `aborted`, `application` (a 4xx), `http` (another status)
   * or `system` (an answer that is not a token set).
   */
  declare readonly kind: PlatformErrorKind;
  /** HTTP status of the answer; `undefined` when there was none (network, time-out). */
  declare readonly status: number | undefined;
  /** The platform's `x-wix-request-id`, when the answer carried one. */
  declare readonly requestId: string | undefined;
  /** The grant that was asked for. */
  declare readonly grantType: GrantType;
  /** The endpoint rejected a refresh token (400 or 401): it will never work again. */
  declare readonly invalidGrant: boolean;
  /** A network failure, time-out, 5xx, 429 or malformed answer: the same call may succeed later. */
  declare readonly retryable: boolean;
  /** The raw answer (non-enumerable, so logging the error never dumps it), when there was one. */
  declare readonly response: Response | undefined;

  constructor(init: {
    code: TokensErrorCode | (string & {});
    grantType: GrantType;
    /** Default: `network` or `timeout` without a status, `http` with one. */
    kind?: PlatformErrorKind | undefined;
    status?: number | undefined;
    statusText?: string | undefined;
    requestId?: string | undefined;
    detail?: string | undefined;
    response?: Response | undefined;
    cause?: unknown;
  }) {
    const { code, grantType, kind, status, requestId, cause } = init;
    const detail =
      init.detail ?? (status === undefined ? '' : `${status} ${init.statusText ?? ''}`.trim());
    const parts = [detail, requestId && `request id: ${requestId}`].filter(Boolean).join(', ');
    super(
      code,
      `Failed to fetch tokens from OAuth API: ${parts}`,
      cause === undefined ? undefined : { cause },
    );
    Object.assign(this, {
      kind: kind ?? (status === undefined ? (code === 'TIMEOUT' ? 'timeout' : 'network') : 'http'),
      status,
      requestId,
      grantType,
      invalidGrant: code === 'INVALID_GRANT',
      retryable: RETRYABLE.has(code),
    });
    Object.defineProperty(this, 'response', { value: init.response });
  }
}

const RETRYABLE = new Set<string>([
  'NETWORK_ERROR',
  'TIMEOUT',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'INVALID_RESPONSE',
]);

/**
 * Whether `value` is a {@link TokensError} (or a {@link TokenEndpointError}),
 * from this realm or another (it checks `name`, not the prototype).
 *
 * @example
 * ```ts
 * import { isTokensError } from '@site-identity/tokens';
 * declare const error: unknown;
 * if (isTokensError(error) && error.code === 'STORAGE_CORRUPT') console.warn(error.message);
 * ```
 */
export function isTokensError(value: unknown): value is TokensError {
  return (
    hasBrand(value, 'TokensError') || isNamed(value, 'TokensError') || isTokenEndpointError(value)
  );
}

/**
 * Whether `value` is a {@link TokenEndpointError}, from this realm or another.
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
  return hasBrand(value, 'TokenEndpointError') || isNamed(value, 'TokenEndpointError');
}

function isNamed(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name;
}
