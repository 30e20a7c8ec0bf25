import { useState } from 'react';
import { CaptchaControls } from '../components/CaptchaControls';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { describeLoginResult } from '../lib/describeLoginResult';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Registers a member with e-mail and password. */
export function RegisterPanel() {
  const { memberAuth, log } = usePlayground();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const action = useAction();
  const { busy, outcome, run } = action;

  return (
    <Panel
      id="register"
      title="Register"
      intro="Creates a member with an e-mail and a password. Depending on the site's rules the answer is SUCCESS (logged in at once), EMAIL_VERIFICATION_REQUIRED or OWNER_APPROVAL_REQUIRED; a taken or malformed e-mail is a FAILURE with a catalogue error."
    >
      <form
        noValidate
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const result = await memberAuth.register({
              email,
              password,
              profile: nickname ? { nickname } : undefined,
            });
            log.add(
              `Register ${email}: ${result.loginState}${result.errorCode ? ` (${result.errorCode})` : ''}`,
            );
            return describeLoginResult(result);
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
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          required
        />
        <TextField label="Nickname (optional)" value={nickname} onChange={setNickname} />
        <CaptchaControls />
        <div className="row">
          <button type="submit" disabled={busy}>
            Register
          </button>
        </div>
      </form>
      <Outcome value={outcome} working={action.working} label="Register result" />
    </Panel>
  );
}
