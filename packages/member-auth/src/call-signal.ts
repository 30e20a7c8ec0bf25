import { signalOf as checkedSignal } from '@site-identity/http/internal';
import { invalidArgument } from './input-checks';

/**
 * The `signal` the calls of this package take: aborting it aborts the call's
 * request. A login, registration or verification then resolves FAILURE with
 * errorCode `ABORTED`; another call rejects with a `MemberAuthError` `ABORTED`.
 * Nothing is logged out by an abort.
 *
 * @example
 * ```ts
 * import type { CallSignal, MemberAuth } from '@site-identity/member-auth';
 * declare const auth: MemberAuth;
 *
 * const options: CallSignal = { signal: AbortSignal.timeout(5000) };
 * const result = await auth.login({ email: 'ada@example.com', password: 'correct horse', ...options });
 * ```
 */
export interface CallSignal {
  /** Aborts the call's request. */
  signal?: AbortSignal | undefined;
}

/** The `signal` of a call's options, checked: an `AbortSignal` or nothing. @internal */
export const signalOf = (options: unknown): AbortSignal | undefined =>
  checkedSignal(options, invalidArgument);
