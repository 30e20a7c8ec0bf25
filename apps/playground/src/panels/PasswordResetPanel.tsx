import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { CredentialsFields, NewPasswordField } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { explainError } from '../lib/explain';
import { mockControl } from '../lib/mockControl';
import { useAction } from '../lib/useAction';
import { useCredentials } from '../lib/useCredentials';
import { usePlayground } from '../PlaygroundContext';

/** The recovery token a password-reset link carries, if this page was opened from one. */
function recoveryTokenFromUrl(): string | undefined {
  return new URL(window.location.href).searchParams.get('recoveryToken') ?? undefined;
}

/** Removes the recovery token from the address bar: a used or bad link is not kept. */
function forgetRecoveryToken(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('recoveryToken');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Password recovery: an e-mailed link, then a new password. A bad or used link
 * says so and leads back to sending another e-mail.
 */
export function PasswordResetPanel() {
  const { memberAuth, log } = usePlayground();
  const credentials = useCredentials();
  const { email } = credentials;
  const [password, setPassword] = useState('');
  const [recoveryToken, setRecoveryToken] = useState(recoveryTokenFromUrl);
  const [linkFailed, setLinkFailed] = useState(false);
  const action = useAction();
  const { outcome, setOutcome } = action;

  const startOver = () => {
    forgetRecoveryToken();
    setRecoveryToken(undefined);
    setLinkFailed(false);
    setOutcome(undefined);
  };

  return (
    <Panel
      id="password-reset"
      title="Password reset"
      intro="Sends a recovery e-mail whose link comes back to this page with a recovery token. Open the link from the outbox, choose a new password, then log in with it. A member who must reset the password (login answers resetPassword) takes the same way."
    >
      {recoveryToken ? (
        <ActionForm
          action={action}
          submit="Set the new password"
          onSubmit={async () => {
            try {
              await memberAuth.resetPassword(recoveryToken, password);
            } catch (error) {
              setLinkFailed(true);
              log.add('Password reset: the link was refused');
              return {
                ...explainError(error),
                message:
                  'This reset link cannot be used: it is wrong, expired or already used. Send another e-mail.',
              };
            }
            log.add('Password reset: the new password is set');
            forgetRecoveryToken();
            setRecoveryToken(undefined);
            return {
              tone: 'ok',
              message: 'Your new password is set. Log in with it in the "Log in" panel.',
            };
          }}
          after={
            <button
              type="button"
              className={linkFailed ? undefined : 'secondary'}
              onClick={startOver}
            >
              Send another e-mail
            </button>
          }
        >
          <p className="outcome info">You opened a password-reset link. Choose a new password.</p>
          <NewPasswordField value={password} onChange={setPassword} />
        </ActionForm>
      ) : (
        <ActionForm
          action={action}
          submit="Send the reset e-mail"
          onSubmit={async () => {
            await memberAuth.sendPasswordResetEmail(email, {
              redirectUri: `${window.location.origin}/`,
            });
            log.add(`Password reset: recovery e-mail sent to ${email}`);
            return {
              tone: 'info',
              message: `A recovery e-mail went to ${email}. Open its link from the outbox.`,
            };
          }}
          after={
            <button
              type="button"
              className="secondary"
              onClick={() =>
                void mockControl.lastEmail('recovery').then(
                  (last) => {
                    if (last?.link) window.location.assign(last.link);
                    else
                      setOutcome({
                        tone: 'warn',
                        message:
                          'The outbox holds no recovery link yet: send the reset e-mail first.',
                      });
                  },
                  (reason: unknown) => setOutcome(explainError(reason)),
                )
              }
            >
              Open the link from the outbox
            </button>
          }
        >
          <CredentialsFields credentials={credentials} withPassword={false} />
        </ActionForm>
      )}
      <Outcome value={outcome} working={action.working} label="Password reset result" />
    </Panel>
  );
}
