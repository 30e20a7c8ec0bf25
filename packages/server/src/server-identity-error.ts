import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';
/**
 * The codes this package assigns.
 *
 * - `INVALID_ARGUMENT`: an option or a call was given bad input.
 * - `INVALID_STATE`: a login callback whose `state` matches no flow cookie (unknown, expired or used).
 * - `MISSING_CODE_OR_STATE`: a login callback without `code` or `state`.
 * - `AUTHORIZATION_ERROR`: the hosted page answered with `error` / `error_description`.
 * - `RENEWAL_BUSY`: another instance held the session's renewal past the wait limit.
 * - `COORDINATOR_UNAVAILABLE`: the session coordinator (Redis) failed; the session is kept.
 * - `FORBIDDEN_ORIGIN`: a form post came from another origin.
 *
 * @example
 * ```ts
 * import type { KnownServerIdentityErrorCode } from '@site-identity/server';
 *
 * const startOver: KnownServerIdentityErrorCode[] = ['INVALID_STATE', 'MISSING_CODE_OR_STATE'];
 * ```
 */
export type KnownServerIdentityErrorCode =
  | 'INVALID_ARGUMENT'
  | 'INVALID_STATE'
  | 'MISSING_CODE_OR_STATE'
  | 'AUTHORIZATION_ERROR'
  | 'RENEWAL_BUSY'
  | 'COORDINATOR_UNAVAILABLE'
  | 'FORBIDDEN_ORIGIN';

/**
 * A `ServerIdentityError`'s `code`: one of {@link KnownServerIdentityErrorCode}, open for later additions.
 *
 * @example
 * ```ts
 * import type { ServerIdentityErrorCode } from '@site-identity/server';
 *
 * const code: ServerIdentityErrorCode = 'RENEWAL_BUSY';
 * ```
 */
export type ServerIdentityErrorCode = KnownServerIdentityErrorCode | (string & {});

/**
 * What a `ServerIdentityError` is built from.
 *
 * @example
 * ```ts
 * import { ServerIdentityError, type ServerIdentityErrorInit } from '@site-identity/server';
 *
 * const init: ServerIdentityErrorInit = { code: 'INVALID_STATE' };
 * throw new ServerIdentityError('Invalid _state', init);
 * ```
 */
export interface ServerIdentityErrorInit {
  readonly code: ServerIdentityErrorCode;
  /** Whether trying again later may help. Default `false`. */
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

/**
 * The one error this package raises for what it decides itself. Failures of the
 * platform pass through as the other packages' errors (`PlatformError`,
 * `TokenEndpointError`). Messages never contain a token, a cookie or a secret.
 *
 * @example
 * ```ts
 * import { isServerIdentityError, type ServerIdentity } from '@site-identity/server';
 * declare const identity: ServerIdentity, request: Request;
 *
 * const { error } = await identity.getSession(request);
 * if (isServerIdentityError(error) && error.retryable) console.warn(error.message);
 * ```
 */
export class ServerIdentityError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'ServerIdentityError';
  declare name: 'ServerIdentityError';
  declare readonly code: ServerIdentityErrorCode;
  /** Whether trying again later may help. */
  declare readonly retryable: boolean;

  constructor(message: string, init: ServerIdentityErrorInit) {
    // Called without its init (from JavaScript): an error without fields, not a TypeError.
    super(message, { ...init, retryable: init?.retryable ?? false } as ServerIdentityErrorInit);
  }
}

/**
 * Whether `value` is a {@link ServerIdentityError}, also one from another copy of
 * this package or another realm (it checks the one brand of `SiteIdentityError`
 * and a string `code`, not the prototype).
 *
 * @example
 * ```ts
 * import { isServerIdentityError } from '@site-identity/server';
 *
 * const describe = (error: unknown) => (isServerIdentityError(error) ? error.code : 'unexpected');
 * ```
 */
export function isServerIdentityError(value: unknown): value is ServerIdentityError {
  return isSiteIdentityError(value, 'ServerIdentityError');
}

/**
 * `INVALID_ARGUMENT` with a finished message: what http's shared checks
 * (`@site-identity/http/internal`) throw for this package. @internal
 */
export const invalidArgument = (message: string): ServerIdentityError =>
  new ServerIdentityError(message, { code: 'INVALID_ARGUMENT' });
