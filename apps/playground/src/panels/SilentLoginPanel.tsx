import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Exchanges a session token for member tokens in a hidden frame, without leaving the page. */
export function SilentLoginPanel() {
  const { memberAuth, redirects, log } = usePlayground();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sessionToken, setSessionToken] = useState<string>();
  const action = useAction();
  const { busy, outcome, run } = action;
  return (
    <Panel
      id="silent-login"
      title="Silent login (hidden frame)"
      intro="Two steps that a login does for you, taken one at a time. First the credentials are checked and the platform answers a session token; then a hidden frame opens the hosted page with prompt=none, which posts an authorization code back to this window. The frame checks the message's origin and source, and is always removed."
    >
      <form
        noValidate
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
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
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <div className="row">
          <button type="submit" disabled={busy}>
            1. Get a session token
          </button>
          <button
            type="button"
            disabled={busy || !sessionToken}
            onClick={() =>
              void run(async () => {
                if (!sessionToken) return undefined;
                await redirects.silentLogin(sessionToken);
                setSessionToken(undefined);
                log.add('Silent login, step 2: member tokens from the hidden frame');
                return {
                  tone: 'ok',
                  message:
                    'Step 2 done: the hidden frame returned a code, exchanged for member tokens. You are a member.',
                };
              })
            }
          >
            2. Sign in in a hidden frame
          </button>
        </div>
      </form>
      <Outcome value={outcome} working={action.working} label="Silent login result" />
    </Panel>
  );
}
