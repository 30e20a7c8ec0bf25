import { useState } from 'react';
import type { FactorType, LoginProblem, LoginResult } from '@site-identity/member-auth';
import { useMfaStep } from '@site-identity/react/mfa';
import { Outcome } from '../components/Outcome';
import { describeLoginResult } from '../lib/describeLoginResult';
import { firstFactor } from '../lib/firstFactor';
import { useAction } from '../lib/useAction';
import { CodeFactor } from './mfa/CodeFactor';
import { FACTOR_NAMES, isCodeFactor } from './mfa/factorNames';
import { PasskeyFactor } from './mfa/PasskeyFactor';
import { PushFactor } from './mfa/PushFactor';

interface MfaStepProps {
  /** The login's REQUIRE_MFA result: its state token and typed challenge. */
  readonly login: LoginProblem;
  readonly email: string;
  /** Called with every answer; the step stays until the login succeeds. */
  readonly onDone: (result: LoginResult) => void;
}

const RETRY: Partial<Record<FactorType, string>> = {
  WEBAUTHN: 'Try the passkey again, or choose another factor above.',
  PUSH: 'Wait again, or choose another factor above.',
};

/**
 * The second step of a login that needs a second factor, through `useMfaStep`:
 * the factors the platform offers (`availableFactors`), and for the chosen one a
 * code form (SMS, with WhatsApp, call, e-mail, authenticator app, recovery code),
 * the passkey ceremony, or the wait for a push approval. A failure keeps the step:
 * the platform accepts another try with the same state token.
 */
export function MfaStep({ login, email, onDone }: MfaStepProps) {
  const step = useMfaStep(login);
  const offered = step.challenge?.availableFactors.map((factor) => factor.factorType) ?? [];
  const [chosen, setChosen] = useState<FactorType>(() => firstFactor(step.challenge));
  const action = useAction();
  const hint = step.challenge?.verificationChallengeData.hint;

  const finish = (result: LoginResult | undefined) => {
    if (result === undefined) return undefined;
    onDone(result);
    if (result.loginState === 'SUCCESS') return undefined;
    return {
      ...describeLoginResult(result),
      detail:
        RETRY[chosen] ??
        'Check the code and try again: the same second-factor step accepts another try.',
    };
  };
  const run = (call: () => Promise<LoginResult | undefined>) =>
    void action.run(async () => finish(await call()));

  return (
    <form
      className="stack mfa"
      aria-label="Second factor"
      noValidate
      onSubmit={(event) => event.preventDefault()}
    >
      {offered.length > 1 ? (
        <div className="row factor-choice" role="group" aria-label="Verify with">
          {offered.map((factorType) => (
            <button
              key={factorType}
              type="button"
              className={factorType === chosen ? undefined : 'secondary'}
              aria-pressed={factorType === chosen}
              onClick={() => {
                step.cancel();
                action.setOutcome(undefined);
                setChosen(factorType);
              }}
            >
              {FACTOR_NAMES[factorType]}
            </button>
          ))}
        </div>
      ) : null}
      {hint && isCodeFactor(chosen) && chosen !== 'TOTP' && chosen !== 'RECOVERY_CODE' ? (
        <p className="hint">The code went to {hint}.</p>
      ) : null}
      {isCodeFactor(chosen) ? (
        <CodeFactor
          key={chosen}
          factorType={chosen}
          email={email}
          busy={action.busy}
          onVerify={(code, deliveryMethod) =>
            run(() =>
              chosen === 'SMS'
                ? step.verify('SMS', { code, deliveryMethod })
                : step.verify(chosen, { code }),
            )
          }
        />
      ) : chosen === 'WEBAUTHN' ? (
        <PasskeyFactor busy={action.busy} onUse={() => run(() => step.verifyWithPasskey())} />
      ) : chosen === 'PUSH' ? (
        <PushFactor
          busy={action.busy}
          progress={step.pushProgress}
          onWait={() => run(() => step.waitForPush())}
          onCancel={step.cancel}
        />
      ) : (
        <p className="hint">The platform asked for {chosen}, which has no form here.</p>
      )}
      <Outcome value={action.outcome} working={action.working} label="Second factor result" />
    </form>
  );
}
