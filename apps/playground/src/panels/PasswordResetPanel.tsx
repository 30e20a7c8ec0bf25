import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { mockControl } from '../lib/mockControl';
import { describeError, useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** The recovery token a password-reset link carries, if this page was opened from one. */
function recoveryTokenFromUrl(): string | undefined {
  return new URL(window.location.href).searchParams.get('recoveryToken') ?? undefined;
}

/** Password recovery: an e-mailed link, then a new password. */
export function PasswordResetPanel() {
  const { memberAuth, log } = usePlayground();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryToken, setRecoveryToken] = useState(recoveryTokenFromUrl);
  const { busy, outcome, setOutcome, run } = useAction();

  return (
    <Panel
      id="password-reset"
      title="Password reset"
      intro="Sends a recovery e-mail whose link comes back to this page with a recovery token. Open the link from the outbox, choose a new password, then log in with it."
    >
      {recoveryToken ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await memberAuth.resetPassword(recoveryToken, password);
              log.add('Password reset: the new password is set');
              const url = new URL(window.location.href);
              url.searchParams.delete('recoveryToken');
              window.history.replaceState(window.history.state, '', url);
              setRecoveryToken(undefined);
              return {
                tone: 'ok',
                message: 'Your new password is set. Log in with it in the "Log in" panel.',
              };
            });
          }}
        >
          <p className="outcome info">You opened a password-reset link. Choose a new password.</p>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            required
          />
          <div className="row">
            <button type="submit" disabled={busy}>
              Set the new password
            </button>
          </div>
        </form>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await memberAuth.sendPasswordResetEmail(email, {
                redirectUri: `${window.location.origin}/`,
              });
              log.add(`Password reset: recovery e-mail sent to ${email}`);
              return {
                tone: 'info',
                message: `A recovery e-mail went to ${email}. Open its link from the outbox.`,
              };
            });
          }}
        >
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            required
          />
          <div className="row">
            <button type="submit" disabled={busy}>
              Send the reset e-mail
            </button>
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
                        message: 'The outbox holds no recovery link yet.',
                      });
                  },
                  (reason: unknown) => setOutcome({ tone: 'bad', message: describeError(reason) }),
                )
              }
            >
              Open the link from the outbox
            </button>
          </div>
        </form>
      )}
      <Outcome value={outcome} label="Password reset result" />
    </Panel>
  );
}
