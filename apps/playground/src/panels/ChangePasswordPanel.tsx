import { useState } from 'react';
import { SignedIn, SignedOut } from '@site-identity/react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Changes the logged-in member's password. */
export function ChangePasswordPanel() {
  const { memberAuth, log } = usePlayground();
  const [password, setPassword] = useState('');
  const action = useAction();
  const { busy, outcome, run } = action;
  return (
    <Panel
      id="change-password"
      title="Change password"
      intro="A logged-in member sets a new password; the call is authorised with the member's access token. The form shows only to members (SignedIn / SignedOut)."
    >
      <SignedOut>
        <p className="outcome info">Log in first: only a member can change a password.</p>
      </SignedOut>
      <SignedIn>
        <form
          noValidate
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await memberAuth.changePassword(password);
              log.add('Change password: done');
              return { tone: 'ok', message: 'The password is changed. Use it at your next login.' };
            });
          }}
        >
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
              Change password
            </button>
          </div>
        </form>
      </SignedIn>
      <Outcome value={outcome} working={action.working} label="Change password result" />
    </Panel>
  );
}
