import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { CredentialsFields } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { SilentLoginButton } from '../components/SilentLoginButton';
import { Panel } from '../components/Panel';
import { useAction } from '../lib/useAction';
import { useCredentials } from '../lib/useCredentials';
import { usePlayground } from '../PlaygroundContext';

/** Sign-on: a member logged in without a password, by a server, then completed in the browser. */
export function SignOnPanel() {
  const { memberAuth, log, mock } = usePlayground();
  const credentials = useCredentials();
  const { email } = credentials;
  const [sessionToken, setSessionToken] = useState<string>();
  const action = useAction();
  return (
    <Panel
      id="sign-on"
      title="Sign-on (no password)"
      intro="What a site's server does for a member it has identified itself (a single sign-on): signOn finds or creates the member and answers a session token, which the browser completes with silentLogin in a hidden frame. The mock platform accepts the call from the browser, so you can try both halves here."
    >
      <ActionForm
        action={action}
        submit="1. Sign on"
        onSubmit={async () => {
          setSessionToken(undefined);
          const answer = await memberAuth.signOn({ email });
          await mock.refresh();
          setSessionToken(answer.sessionToken);
          log.add(`Sign-on ${email}: session token received`);
          return {
            tone: 'info',
            message: `Signed on ${email}${answer.identity?.id ? ` (identity ${answer.identity.id})` : ''}: the platform answered a session token. Complete the login in a hidden frame.`,
          };
        }}
        after={
          <SilentLoginButton
            action={action}
            sessionToken={sessionToken}
            onDone={() => setSessionToken(undefined)}
            logText="Sign-on: member tokens from the hidden frame"
            message="Logged in: the session token became member tokens. You are a member."
          >
            2. Complete in a hidden frame
          </SilentLoginButton>
        }
      >
        <CredentialsFields credentials={credentials} withPassword={false} />
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Sign-on result" />
    </Panel>
  );
}
