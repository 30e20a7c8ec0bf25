import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Sign-on: a member logged in without a password, by a server, then completed in the browser. */
export function SignOnPanel() {
  const { memberAuth, redirects, log, mock } = usePlayground();
  const [email, setEmail] = useState('');
  const [sessionToken, setSessionToken] = useState<string>();
  const action = useAction();
  return (
    <Panel
      id="sign-on"
      title="Sign-on (no password)"
      intro="What a site's server does for a member it has identified itself (a single sign-on): signOn finds or creates the member and answers a session token, which the browser completes with silentLogin in a hidden frame. The mock platform accepts the call from the browser, so you can try both halves here."
    >
      <form
        noValidate
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          setSessionToken(undefined);
          void action.run(async () => {
            const answer = await memberAuth.signOn({ email });
            await mock.refresh();
            setSessionToken(answer.sessionToken);
            log.add(`Sign-on ${email}: session token received`);
            return {
              tone: 'info',
              message: `Signed on ${email}${answer.identity?.id ? ` (identity ${answer.identity.id})` : ''}: the platform answered a session token. Complete the login in a hidden frame.`,
            };
          });
        }}
      >
        <TextField label="E-mail" type="email" value={email} onChange={setEmail} />
        <div className="row">
          <button type="submit" disabled={action.busy}>
            1. Sign on
          </button>
          <button
            type="button"
            disabled={action.busy || !sessionToken}
            onClick={() =>
              void action.run(async () => {
                if (!sessionToken) return undefined;
                await redirects.silentLogin(sessionToken);
                setSessionToken(undefined);
                log.add('Sign-on: member tokens from the hidden frame');
                return {
                  tone: 'ok',
                  message: 'Logged in: the session token became member tokens. You are a member.',
                };
              })
            }
          >
            2. Complete in a hidden frame
          </button>
        </div>
      </form>
      <Outcome value={action.outcome} working={action.working} label="Sign-on result" />
    </Panel>
  );
}
