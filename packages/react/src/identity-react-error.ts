/**
 * The machine-readable codes of {@link IdentityReactError}:
 * - `MISSING_PROVIDER`: a hook or guard was used outside `<IdentityProvider>`.
 * - `MISSING_INSTANCE`: the provider was not given the instance a hook needs
 *   (`redirects` for `useLoginCallback`, `useLoginWithPopup` and `RequireMember`'s redirect,
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
 * const error = new IdentityReactError('MISSING_PROVIDER', 'useSession must be used inside <IdentityProvider>');
 * error.code; // 'MISSING_PROVIDER'
 * ```
 */
export class IdentityReactError extends Error {
  override name = 'IdentityReactError' as const;

  /** What went wrong, for programs; the message is for people. */
  readonly code: KnownIdentityReactErrorCode | (string & {});

  constructor(
    code: KnownIdentityReactErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Whether `value` is an {@link IdentityReactError}, also one from another realm
 * or another copy of this package (it checks `name`, not the prototype).
 *
 * @example
 * ```ts
 * import { isIdentityReactError } from '@site-identity/react';
 * declare const error: unknown;
 * if (isIdentityReactError(error) && error.code === 'MISSING_PROVIDER') console.error('wrap the app in <IdentityProvider>');
 * ```
 */
export function isIdentityReactError(value: unknown): value is IdentityReactError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'IdentityReactError'
  );
}
