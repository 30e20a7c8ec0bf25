import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { CaptchaControls } from '../components/CaptchaControls';
import { CredentialsFields } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { describeLoginResult } from '../lib/describeLoginResult';
import { useAction } from '../lib/useAction';
import { useCredentials } from '../lib/useCredentials';
import { usePlayground } from '../PlaygroundContext';

/** Registers a member with e-mail and password. */
export function RegisterPanel() {
  const { memberAuth, log } = usePlayground();
  const credentials = useCredentials();
  const [nickname, setNickname] = useState('');
  const action = useAction();

  return (
    <Panel
      id="register"
      title="Register"
      intro="Creates a member with an e-mail and a password. Depending on the site's rules the answer is SUCCESS (logged in at once), EMAIL_VERIFICATION_REQUIRED or OWNER_APPROVAL_REQUIRED; a taken or malformed e-mail is a FAILURE with a catalogue error."
    >
      <ActionForm
        action={action}
        submit="Register"
        onSubmit={async () => {
          const { email, password } = credentials;
          const result = await memberAuth.register({
            email,
            password,
            profile: nickname ? { nickname } : undefined,
          });
          log.add(
            `Register ${email}: ${result.loginState}${result.errorCode ? ` (${result.errorCode})` : ''}`,
          );
          return describeLoginResult(result);
        }}
      >
        <CredentialsFields credentials={credentials} password="new" />
        <TextField label="Nickname (optional)" value={nickname} onChange={setNickname} />
        <CaptchaControls />
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Register result" />
    </Panel>
  );
}
