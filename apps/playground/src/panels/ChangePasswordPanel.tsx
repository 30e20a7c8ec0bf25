import { useState } from 'react';
import { SignedIn, SignedOut } from '@site-identity/react';
import { ActionForm } from '../components/ActionForm';
import { NewPasswordField } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Changes the logged-in member's password. */
export function ChangePasswordPanel() {
  const { memberAuth, log } = usePlayground();
  const [password, setPassword] = useState('');
  const action = useAction();
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
        <ActionForm
          action={action}
          submit="Change password"
          onSubmit={async () => {
            await memberAuth.changePassword(password);
            log.add('Change password: done');
            return { tone: 'ok', message: 'The password is changed. Use it at your next login.' };
          }}
        >
          <NewPasswordField value={password} onChange={setPassword} />
        </ActionForm>
      </SignedIn>
      <Outcome value={action.outcome} working={action.working} label="Change password result" />
    </Panel>
  );
}
