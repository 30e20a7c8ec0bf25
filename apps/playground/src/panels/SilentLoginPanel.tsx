import { useState } from 'react';
import { ActionForm } from '../components/ActionForm';
import { CredentialsFields } from '../components/CredentialsFields';
import { Outcome } from '../components/Outcome';
import { SilentLoginButton } from '../components/SilentLoginButton';
import { Panel } from '../components/Panel';
import { useAction } from '../lib/useAction';
import { useCredentials } from '../lib/useCredentials';
import { usePlayground } from '../PlaygroundContext';

/** Exchanges a session token for member tokens in a hidden frame, without leaving the page. */
export function SilentLoginPanel() {
  const { memberAuth, log } = usePlayground();
  const credentials = useCredentials();
  const [sessionToken, setSessionToken] = useState<string>();
  const action = useAction();
  return (
    <Panel
      id="silent-login"
      title="Silent login (hidden frame)"
      intro="Two steps that a login does for you, taken one at a time. First the credentials are checked and the platform answers a session token; then a hidden frame opens the hosted page with prompt=none, which posts an authorization code back to this window. The frame checks the message's origin and source, and is always removed."
    >
      <ActionForm
        action={action}
        submit="1. Get a session token"
        onSubmit={async () => {
          const { email, password } = credentials;
          const result = await memberAuth.login({ email, password, completeLogin: false });
          log.add(`Silent login, step 1: ${result.loginState}`);
          if (result.loginState !== 'SUCCESS') {
            return {
              tone: 'bad',
              message: `${result.loginState}: ${result.error ?? 'no session token'}`,
            };
          }
          setSessionToken(result.data.sessionToken);
          return {
            tone: 'info',
            message:
              'Step 1 done: the platform answered a session token. Now exchange it in a hidden frame.',
          };
        }}
        after={
          <SilentLoginButton
            action={action}
            sessionToken={sessionToken}
            onDone={() => setSessionToken(undefined)}
            logText="Silent login, step 2: member tokens from the hidden frame"
            message="Step 2 done: the hidden frame returned a code, exchanged for member tokens. You are a member."
          >
            2. Sign in in a hidden frame
          </SilentLoginButton>
        }
      >
        <CredentialsFields credentials={credentials} />
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label="Silent login result" />
    </Panel>
  );
}
