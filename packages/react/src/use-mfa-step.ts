import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  FactorData,
  FactorStepOptions,
  LoginProblem,
  LoginResult,
  MfaChallengeData,
  VerifiableFactorType,
  VerifyFactorOptions,
} from '@site-identity/member-auth';
import { waitForPushApproval, type PushProgress } from '@site-identity/member-auth/push';
import { verifyWithPasskey } from '@site-identity/member-auth/webauthn';
import { requireInstance, useIdentityContext } from './identity-context';
import { useTrackedCall, valueOrUndefined } from './tracked-call';

/**
 * What the calls of {@link useMfaStep} take besides the factor's data: how to
 * complete the login, and whether to remember the device.
 *
 * @example
 * ```ts
 * import type { MfaStepCallOptions } from '@site-identity/react/mfa';
 *
 * const options: MfaStepCallOptions = { rememberThisDevice: true, completeLogin: 'frame' };
 * ```
 */
export type MfaStepCallOptions = Omit<FactorStepOptions, 'stateToken' | 'signal'>;

/**
 * The value of {@link useMfaStep}.
 *
 * @example
 * ```ts
 * import type { UseMfaStepResult } from '@site-identity/react/mfa';
 *
 * const offers = (step: UseMfaStepResult) => step.challenge?.availableFactors.map((f) => f.factorType) ?? [];
 * ```
 */
export interface UseMfaStepResult {
  /** The second-factor challenge of the login result, or undefined when it asked for none. */
  readonly challenge: MfaChallengeData | undefined;
  /** A call is in flight (a verify, the passkey prompt, or the wait for a push approval). */
  readonly pending: boolean;
  /** The latest call's FAILURE (a wrong code, a cancelled passkey, a denied push …). */
  readonly error: LoginProblem | undefined;
  /** The latest call's result. */
  readonly result: LoginResult | undefined;
  /** Where the wait for a push approval stands, while it runs. */
  readonly pushProgress: PushProgress | undefined;
  /** Verifies a factor with its data: `verify('TOTP', { code })`. */
  verify<T extends VerifiableFactorType>(
    factorType: T,
    data: FactorData[T] & MfaStepCallOptions,
  ): Promise<LoginResult | undefined>;
  /** Runs the passkey ceremony; call it straight from the member's click. */
  verifyWithPasskey(options?: MfaStepCallOptions): Promise<LoginResult | undefined>;
  /** Waits for the member to approve the push sign-in on the device. */
  waitForPush(
    options?: MfaStepCallOptions & { timeoutMs?: number | undefined },
  ): Promise<LoginResult | undefined>;
  /** Stops a passkey prompt or a push wait in flight (it resolves `ABORTED`). */
  cancel(): void;
}

/**
 * The second step of a login that answered `REQUIRE_MFA`: the typed challenge
 * (`availableFactors`, the push and passkey challenges), and calls that verify a
 * code factor, run the passkey ceremony (`@site-identity/member-auth/webauthn`) or
 * wait for a push approval (`@site-identity/member-auth/push`) with the result's
 * state token, tracking `pending`, the latest FAILURE as `error`, and the push
 * progress. A new login result starts afresh (and stops a call in flight). Needs
 * `<IdentityProvider memberAuth={…}>`.
 *
 * @example
 * ```tsx
 * import type { LoginResult } from '@site-identity/member-auth';
 * import { useMfaStep } from '@site-identity/react/mfa';
 *
 * function SecondFactor({ login }: { login: LoginResult }) {
 *   const step = useMfaStep(login);
 *   if (!step.challenge) return null;
 *   const offers = step.challenge.availableFactors.map((factor) => factor.factorType);
 *   return (
 *     <div>
 *       {offers.includes('WEBAUTHN') && (
 *         <button onClick={() => void step.verifyWithPasskey()}>Use a passkey</button>
 *       )}
 *       {offers.includes('TOTP') && (
 *         <button onClick={() => void step.verify('TOTP', { code: '123456' })}>Verify</button>
 *       )}
 *       {step.pushProgress && <p>Approve on your phone…</p>}
 *       {step.error && <p role="alert">{step.error.error}</p>}
 *     </div>
 *   );
 * }
 * ```
 */
export function useMfaStep(login: LoginResult | undefined): UseMfaStepResult {
  const memberAuth = requireInstance(useIdentityContext('useMfaStep'), 'memberAuth', 'useMfaStep');
  const { state, track, reset } = useTrackedCall<LoginResult>();
  const [pushProgress, setPushProgress] = useState<PushProgress>();
  const controller = useRef<AbortController | undefined>(undefined);
  const stateToken = login?.loginState === 'FAILURE' ? login.data.stateToken : undefined;
  const challenge = login?.loginState === 'FAILURE' ? login.mfa : undefined;

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = undefined;
  }, []);
  // A new login result is a new step: forget the old one's state, stop its calls.
  useEffect(() => {
    reset();
    setPushProgress(undefined);
    return cancel;
  }, [stateToken, reset, cancel]);

  const run = useCallback(
    (call: (step: FactorStepOptions) => Promise<LoginResult>) =>
      track(() => {
        cancel();
        const own = new AbortController();
        controller.current = own;
        return call({ stateToken: stateToken ?? '', signal: own.signal });
      }, 'The second factor could not be verified').then(valueOrUndefined),
    [track, cancel, stateToken],
  );

  return useMemo<UseMfaStepResult>(() => {
    const result = state.result;
    return {
      challenge,
      pending: state.pending,
      result,
      error: result?.loginState === 'FAILURE' ? result : undefined,
      pushProgress,
      verify: (factorType, data) =>
        run((step) =>
          memberAuth.verifyFactor(factorType, {
            ...data,
            ...step,
          } as VerifyFactorOptions<typeof factorType>),
        ),
      verifyWithPasskey: (options) =>
        run((step) =>
          verifyWithPasskey(memberAuth, {
            ...options,
            ...step,
            challenge: challenge as MfaChallengeData,
          }),
        ),
      waitForPush: (options) =>
        run((step) =>
          waitForPushApproval(memberAuth, {
            ...options,
            ...step,
            challenge: challenge as MfaChallengeData,
            onProgress: setPushProgress,
          }).finally(() => setPushProgress(undefined)),
        ),
      cancel,
    };
  }, [challenge, state, pushProgress, run, memberAuth, cancel]);
}
