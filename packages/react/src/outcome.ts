/**
 * How a wrapped member call ended, told by its value: `ok: true` with the call's
 * answer in `value` (`undefined` for the calls that answer nothing, such as
 * `resetPassword`), or `ok: false` with what it failed with in `error`. Check `ok`
 * before saying the call succeeded; a `LoginResult` in `value` still has its own
 * `loginState` (a wrong password is `ok: true` with `loginState: 'FAILURE'`).
 *
 * @example
 * ```ts
 * import type { MemberAuthOutcome } from '@site-identity/react';
 *
 * const say = (outcome: MemberAuthOutcome<void>) =>
 *   outcome.ok ? 'Password changed' : `Not changed: ${outcome.error.message}`;
 * ```
 */
export type MemberAuthOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Error };
