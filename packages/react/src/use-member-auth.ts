import { useMemo } from 'react';
import type { MemberAuth } from '@site-identity/member-auth';
import { requireInstance, useIdentityContext } from './identity-context';
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
 * never rejects. It resolves with the call's answer, or with `undefined` when
 * the call failed; the failure is then in {@link MemberAuthState.error}.
 *
 * @example
 * ```ts
 * import type { MemberAuthActions } from '@site-identity/react';
 * const signIn = (actions: MemberAuthActions) => actions.login({ email: 'ada@example.com', password: 'secret' });
 * ```
 */
export type MemberAuthActions = {
  readonly [K in MemberAuthActionName]: (...args: Call<K>[0]) => Promise<Call<K>[1] | undefined>;
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
 * handler can `await` them without a `try`: they resolve with `undefined` on
 * failure. When calls overlap, the state follows the latest one. Needs
 * `<IdentityProvider memberAuth={…}>`.
 *
 * @example
 * ```tsx
 * import { useMemberAuth } from '@site-identity/react';
 *
 * function LoginForm() {
 *   const { login, pending, error, resultOf } = useMemberAuth();
 *   const result = resultOf('login'); // a LoginResult, or undefined
 *   return (
 *     <form
 *       onSubmit={(event) => {
 *         event.preventDefault();
 *         const form = new FormData(event.currentTarget);
 *         void login({ email: String(form.get('email')), password: String(form.get('password')) });
 *       }}
 *     >
 *       <input name="email" type="email" />
 *       <input name="password" type="password" />
 *       <button disabled={pending}>Sign in</button>
 *       {error && <p role="alert">{error.message}</p>}
 *       {result?.loginState === 'FAILURE' && <p role="alert">{result.error}</p>}
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
      wrapped[name] = (...args) =>
        track(
          async () => [
            name,
            await (call.apply(memberAuth, args) as Promise<MemberAuthActionResult>),
          ],
          'A member action failed',
        ).then((answer) => answer?.[1]);
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
