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
export class IdentityReactError extends Error {
  override name = 'IdentityReactError' as const;

  /** The brand {@link isIdentityReactError} recognises across realms and in subclasses. */
  get [Symbol.for('site-identity.IdentityReactError')](): true {
    return true;
  }

  /** What went wrong, for programs; the message is for people. */
  readonly code: KnownIdentityReactErrorCode | (string & {});

  constructor(message: string, init: IdentityReactErrorInit) {
    // Called from JavaScript without its init, it is an error without fields, not a TypeError.
    const { code, cause } = init ?? ({} as Partial<IdentityReactErrorInit>);
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }
}

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
 * Whether `value` is an {@link IdentityReactError}, also one from another realm,
 * another copy of this package or a subclass (it checks the brand, or from an
 * older copy the `name`, and the `code`; not the prototype).
 *
 * @example
 * ```ts
 * import { isIdentityReactError } from '@site-identity/react';
 * declare const error: unknown;
 * if (isIdentityReactError(error) && error.code === 'MISSING_PROVIDER') console.error('wrap the app in <IdentityProvider>');
 * ```
 */
export function isIdentityReactError(value: unknown): value is IdentityReactError {
  const candidate = value as Record<PropertyKey, unknown> | null;
  return (
    typeof value === 'object' &&
    (candidate?.[Symbol.for('site-identity.IdentityReactError')] === true ||
      candidate?.name === 'IdentityReactError') &&
    typeof candidate?.code === 'string'
  );
}
