import { useMemo } from 'react';
import type { MemberAuth } from '@site-identity/member-auth';
import { requireInstance, useIdentityContext } from './identity-context';
import type { MemberAuthOutcome } from './outcome';
import { useTrackedCall } from './tracked-call';

/** The member client's calls that `useMemberAuth` wraps, as named in the design. */
const ACTIONS = [
  'register',
  'login',
  'verifyEmail',
  'resendVerificationCode',
  'sendPasswordResetEmail',
  'resetPassword',
  'changePassword',
  'verifyFactor',
  'sendActivationEmail',
  'startEmailVerification',
  'signOn',
] as const;

/**
 * The name of a member client call that {@link useMemberAuth} wraps.
 *
 * @example
 * ```ts
 * import type { MemberAuthActionName } from '@site-identity/react';
 * const name: MemberAuthActionName = 'login';
 * ```
 */
export type MemberAuthActionName = (typeof ACTIONS)[number] & keyof MemberAuth;

type Call<K extends MemberAuthActionName> = MemberAuth[K] extends (
  ...args: infer A
) => Promise<infer R>
  ? [A, R]
  : never;

/**
 * What the wrapped calls resolve with: any of the member client's answers
 * (`LoginResult` for `register`, `login`, `verifyEmail` and `verifyFactor`).
 *
 * @example
 * ```ts
 * import type { MemberAuthActionResult } from '@site-identity/react';
 * const isLoginResult = (r: MemberAuthActionResult) => typeof r === 'object' && r !== null && 'loginState' in r;
 * ```
 */
export type MemberAuthActionResult = {
  [K in MemberAuthActionName]: Call<K>[1];
}[MemberAuthActionName];

/**
 * The member client's calls, each wrapped: same arguments, and a promise that
 * never rejects. It resolves with a {@link MemberAuthOutcome} typed for the call:
 * `{ ok: true, value }` with the call's answer (`undefined` for the calls that answer
 * nothing, such as `resetPassword`), or `{ ok: false, error }` when the call failed;
 * the same error is then in {@link MemberAuthState.error}.
 *
 * @example
 * ```ts
 * import type { MemberAuthActions } from '@site-identity/react';
 *
 * async function changeTo(actions: MemberAuthActions, password: string): Promise<string> {
 *   const outcome = await actions.changePassword(password);
 *   return outcome.ok ? 'Password changed' : outcome.error.message;
 * }
 * ```
 */
export type MemberAuthActions = {
  readonly [K in MemberAuthActionName]: (
    ...args: Call<K>[0]
  ) => Promise<MemberAuthOutcome<Call<K>[1]>>;
};

/**
 * The state of the latest wrapped call made through one {@link useMemberAuth}.
 *
 * @example
 * ```tsx
 * import type { MemberAuthState } from '@site-identity/react';
 * const Spinner = ({ pending }: Pick<MemberAuthState, 'pending'>) => (pending ? <progress /> : null);
 * ```
 */
export interface MemberAuthState {
  /** The latest call is in flight. */
  readonly pending: boolean;
  /** What the latest call rejected with (a `MemberAuthError`, `PlatformError` …); cleared by the next call. */
  readonly error: Error | undefined;
  /** What the latest call resolved with; a `LoginResult` with `loginState: 'FAILURE'` is a result, not an error. */
  readonly result: MemberAuthActionResult | undefined;
  /**
   * {@link MemberAuthState.result}, typed for one call: what the latest call resolved
   * with when it was `name`, else `undefined`. `resultOf('login')` is a `LoginResult`,
   * no `'loginState' in result` needed.
   */
  resultOf<K extends MemberAuthActionName>(name: K): Call<K>[1] | undefined;
  /** Forgets `error` and `result`. */
  reset(): void;
}

/**
 * The value of {@link useMemberAuth}: the wrapped calls and their state.
 *
 * @example
 * ```ts
 * import type { UseMemberAuthResult } from '@site-identity/react';
 * const busy = (auth: UseMemberAuthResult) => auth.pending;
 * ```
 */
export type UseMemberAuthResult = MemberAuthActions & MemberAuthState;

/**
 * The provider's member client, with every call wrapped to track `pending`,
 * `error` and the last `result`. The wrapped calls never reject, so a form
 * handler can `await` them without a `try`; each tells success from failure by
 * its value, a {@link MemberAuthOutcome}: `{ ok: true, value }` or
 * `{ ok: false, error }`. When calls overlap, the state follows the latest one.
 * Needs `<IdentityProvider memberAuth={…}>`.
 *
 * @example
 * ```tsx
 * import { useState } from 'react';
 * import { useMemberAuth } from '@site-identity/react';
 *
 * function NewPasswordForm({ recoveryToken }: { recoveryToken: string }) {
 *   const { resetPassword, pending } = useMemberAuth();
 *   const [status, setStatus] = useState('');
 *   return (
 *     <form
 *       onSubmit={async (event) => {
 *         event.preventDefault();
 *         const password = String(new FormData(event.currentTarget).get('password'));
 *         const outcome = await resetPassword(recoveryToken, password);
 *         // "Password changed" only when the call says so; a rejected token is ok: false.
 *         setStatus(outcome.ok ? 'Password changed' : outcome.error.message);
 *       }}
 *     >
 *       <input name="password" type="password" />
 *       <button disabled={pending}>Change password</button>
 *       <p role="status">{status}</p>
 *     </form>
 *   );
 * }
 * ```
 */
export function useMemberAuth(): UseMemberAuthResult {
  const memberAuth = requireInstance(
    useIdentityContext('useMemberAuth'),
    'memberAuth',
    'useMemberAuth',
  );
  // Each answer is kept with the name of the call that gave it, for resultOf.
  const { state, track, reset } = useTrackedCall<[MemberAuthActionName, MemberAuthActionResult]>();

  const actions = useMemo(() => {
    const wrapped: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const name of ACTIONS) {
      const call = (memberAuth as unknown as Record<string, unknown>)[name];
      if (typeof call !== 'function') continue;
      wrapped[name] = async (...args) => {
        const outcome = await track(
          async () => [
            name,
            await (call.apply(memberAuth, args) as Promise<MemberAuthActionResult>),
          ],
          'A member action failed',
        );
        // The state keeps the call's name beside its answer; the caller gets the answer.
        return outcome.ok ? { ok: true, value: outcome.value[1] } : outcome;
      };
    }
    return wrapped as unknown as MemberAuthActions;
  }, [memberAuth, track]);

  return useMemo(() => {
    const [last, result] = state.result ?? [];
    const resultOf = ((name: MemberAuthActionName) =>
      name === last ? result : undefined) as MemberAuthState['resultOf'];
    return { ...actions, pending: state.pending, error: state.error, result, resultOf, reset };
  }, [actions, state, reset]);
}
