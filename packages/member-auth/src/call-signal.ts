/**
 * The `signal` the calls of this package take: aborting it aborts the call's
 * request. A login, registration or verification then resolves FAILURE with
 * errorCode `ABORTED`; another call rejects with http's one abort error, a
 * `PlatformError` `ABORTED`.
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
