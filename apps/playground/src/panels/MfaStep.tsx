import { useState } from 'react';
import type { FactorType, LoginResult } from '@site-identity/member-auth';
import { Outcome } from '../components/Outcome';
import { TextField } from '../components/TextField';
import { describeLoginResult } from '../lib/describeLoginResult';
import { mockControl } from '../lib/mockControl';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

interface MfaStepProps {
  readonly stateToken: string;
  readonly factorType: FactorType;
  readonly email: string;
  /** Called with every answer; the form stays until the login succeeds. */
  readonly onDone: (result: LoginResult) => void;
}

/**
 * The second step of a login that needs a second factor: a one-time code, verified
 * for that factor. A wrong code keeps the form: the platform accepts another try
 * with the same state token.
 */
export function MfaStep({ stateToken, factorType, email, onDone }: MfaStepProps) {
  const { memberAuth } = usePlayground();
  const [code, setCode] = useState('');
  const action = useAction();
  return (
    <form
      className="stack mfa"
      aria-label="Second factor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(async () => {
          const result = await memberAuth.verifyFactor(factorType as 'EMAIL' | 'TOTP', {
            stateToken,
            code,
          });
          onDone(result);
          if (result.loginState === 'SUCCESS') return undefined;
          const outcome = describeLoginResult(result);
          return {
            ...outcome,
            detail:
              'Check the code and try again: the same second-factor step accepts another try.',
          };
        });
      }}
    >
      <TextField
        label="One-time code"
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
      />
      <div className="row">
        {factorType === 'TOTP' ? null : (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void mockControl.lastEmail('mfa', email).then(
                (last) => {
                  if (last?.code) setCode(last.code);
                },
                () => undefined, // the code field stays empty; the verify call then reports what is missing
              )
            }
          >
            Read the code from the outbox
          </button>
        )}
        <button type="submit" disabled={action.busy}>
          Verify
        </button>
      </div>
      <Outcome value={action.outcome} working={action.working} label="Second factor result" />
    </form>
  );
}
