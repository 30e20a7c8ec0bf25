import { useState } from 'react';
import type { FactorType, LoginResult } from '@site-identity/member-auth';
import { TextField } from '../components/TextField';
import { mockControl } from '../lib/mockControl';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

interface MfaStepProps {
  readonly stateToken: string;
  readonly factorType: FactorType;
  readonly email: string;
  readonly onDone: (result: LoginResult) => void;
}

/** The second step of a login that needs a second factor: a one-time code, verified for that factor. */
export function MfaStep({ stateToken, factorType, email, onDone }: MfaStepProps) {
  const { memberAuth } = usePlayground();
  const [code, setCode] = useState('');
  const { busy, run } = useAction();
  return (
    <form
      className="stack"
      style={{ marginTop: '0.75rem' }}
      aria-label="Second factor"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          onDone(await memberAuth.verifyFactor(factorType, { stateToken, code }));
          return undefined;
        });
      }}
    >
      <TextField
        label="One-time code"
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        required
      />
      <div className="row">
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
        <button type="submit" disabled={busy}>
          Verify
        </button>
      </div>
    </form>
  );
}
