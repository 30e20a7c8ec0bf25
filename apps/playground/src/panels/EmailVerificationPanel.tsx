import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { ActionButton } from '../components/ActionButton';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { describeLoginResult } from '../lib/describeLoginResult';
import { clock } from '../lib/time';
import { useEventLog } from '../lib/eventLog';
import { mockControl } from '../lib/mockControl';
import { explainError } from '../lib/explain';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Finishes a register or login that answered EMAIL_VERIFICATION_REQUIRED. */
export function EmailVerificationPanel() {
  const { memberAuth, log } = usePlayground();
  const [code, setCode] = useState('');
  const action = useAction();
  const { outcome, setOutcome } = action;
  // Every flow writes to the log, so re-reading the pending verification on each entry keeps it current.
  useEventLog(log);
  const pending = memberAuth.getPendingVerification();

  return (
    <Panel
      id="email-verification"
      title="E-mail verification"
      intro="When a register or login answers EMAIL_VERIFICATION_REQUIRED, the platform e-mails a code. Read it from the mock platform's outbox and verify it: the member is logged in. The pending verification survives a reload of this tab."
    >
      <dl className="facts">
        <dt>Pending verification</dt>
        <dd data-testid="pending-verification">
          {pending
            ? `yes, since ${clock(pending.since)}`
            : 'none: register or log in on a site that requires verification, or start one in "Start e-mail verification"'}
        </dd>
      </dl>
      <ActionForm
        action={action}
        submit="Verify"
        submitDisabled={!pending}
        onSubmit={async () => {
          const result = await memberAuth.verifyEmail({ code });
          log.add(
            `Verify e-mail: ${result.loginState}${result.errorCode ? ` (${result.errorCode})` : ''}`,
          );
          return describeLoginResult(result);
        }}
        before={
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void mockControl.lastEmail('verification').then(
                (last) => {
                  if (last?.code) {
                    setCode(last.code);
                    setOutcome({
                      tone: 'info',
                      message: `Read the code sent to ${last.to} from the outbox.`,
                    });
                  } else {
                    setOutcome({
                      tone: 'warn',
                      message: 'The outbox holds no verification code yet.',
                    });
                  }
                },
                (reason: unknown) => setOutcome(explainError(reason)),
              )
            }
          >
            Read the code from the outbox
          </button>
        }
        after={
          <ActionButton
            action={action}
            className="secondary"
            disabled={!pending}
            onRun={async () => {
              await memberAuth.resendVerificationCode();
              log.add('Verify e-mail: a new code was sent');
              return { tone: 'info', message: 'A new code was sent; the outbox shows it.' };
            }}
          >
            Send a new code
          </ActionButton>
        }
      >
        <TextField
          label="Verification code"
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          required
        />
      </ActionForm>
      <Outcome value={outcome} working={action.working} label="E-mail verification result" />
    </Panel>
  );
}
