import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';
/**
 * The machine-readable codes of {@link IdentityReactError}:
 * - `MISSING_PROVIDER`: a hook or guard was used outside `<IdentityProvider>`.
 * - `MISSING_INSTANCE`: the provider was not given the instance a hook needs
 *   (`redirects` for `useLoginCallback`, `useLoginWithPopup`, `useLogout` and `RequireMember`'s redirect,
 *   `memberAuth` for `useMemberAuth`).
 * - `INVALID_ARGUMENT`: a prop or option has the wrong shape.
 * - `ACTION_FAILED`: a member action or a login rejected with something that is not an `Error`.
 *
 * @example
 * ```ts
 * import type { KnownIdentityReactErrorCode } from '@site-identity/react';
 * const setupProblems: KnownIdentityReactErrorCode[] = ['MISSING_PROVIDER', 'MISSING_INSTANCE'];
 * ```
 */
export type KnownIdentityReactErrorCode =
  'MISSING_PROVIDER' | 'MISSING_INSTANCE' | 'INVALID_ARGUMENT' | 'ACTION_FAILED';

/**
 * What an {@link IdentityReactError} is built from.
 *
 * @example
 * ```ts
 * import { IdentityReactError, type IdentityReactErrorInit } from '@site-identity/react';
 * const init: IdentityReactErrorInit = { code: 'ACTION_FAILED', cause: 'rejected' };
 * throw new IdentityReactError('A member action failed', init);
 * ```
 */
export interface IdentityReactErrorInit {
  readonly code: KnownIdentityReactErrorCode | (string & {});
  /** The underlying rejection, when there is one. */
  readonly cause?: unknown;
}

/**
 * The base class of every error the React bindings throw. Errors of the core
 * packages pass through unchanged.
 *
 * @example
 * ```ts
 * import { IdentityReactError } from '@site-identity/react';
 * const error = new IdentityReactError('useSession must be used inside <IdentityProvider>', { code: 'MISSING_PROVIDER' });
 * error.code; // 'MISSING_PROVIDER'
 * ```
 */
export class IdentityReactError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'IdentityReactError';
  declare name: 'IdentityReactError';

  /** What went wrong, for programs; the message is for people. */
  declare readonly code: KnownIdentityReactErrorCode | (string & {});

  // Not useless: it narrows the init to a IdentityReactErrorInit, so the type constrains what the error is built from.
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor
  constructor(message: string, init: IdentityReactErrorInit) {
    super(message, init);
  }
}

/**
 * Whether `value` is an {@link IdentityReactError}, also one from another realm,
 * another copy of this package or a subclass (it checks the one brand of
 * `SiteIdentityError` and the `code`; not the prototype).
 *
 * @example
 * ```ts
 * import { isIdentityReactError } from '@site-identity/react';
 * declare const error: unknown;
 * if (isIdentityReactError(error) && error.code === 'MISSING_PROVIDER') console.error('wrap the app in <IdentityProvider>');
 * ```
 */
export function isIdentityReactError(value: unknown): value is IdentityReactError {
  return isSiteIdentityError(value, 'IdentityReactError');
}

/** `INVALID_ARGUMENT` with a finished message: a prop or an option of the wrong shape. @internal */
export const invalidArgument = (message: string): IdentityReactError =>
  new IdentityReactError(message, { code: 'INVALID_ARGUMENT' });
