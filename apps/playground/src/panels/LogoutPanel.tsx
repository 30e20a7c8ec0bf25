import { useState } from 'react';
import { ActionButton } from '../components/ActionButton';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { expectReturn } from '../lib/returnNote';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** Logs out: clears both tokens (role none) and gets the platform's logout URL. */
export function LogoutPanel() {
  const { redirects, log } = usePlayground();
  const [logoutUrl, setLogoutUrl] = useState<string>();
  const action = useAction();
  return (
    <Panel
      id="logout"
      title="Log out"
      intro="Clears the token set in every tab (role none) and asks the platform for its logout URL, which ends the hosted session too and comes back here."
    >
      <div className="row">
        <ActionButton
          action={action}
          onRun={async () => {
            const url = await redirects.logout({
              postLogoutRedirectUri: `${window.location.origin}/`,
            });
            setLogoutUrl(url);
            log.add('Logout: tokens cleared');
            return { tone: 'ok', message: 'Logged out: the tokens are cleared (role none).' };
          }}
        >
          Log out
        </ActionButton>
        {logoutUrl ? (
          <a href={logoutUrl} className="button-link" onClick={() => expectReturn('hosted-logout')}>
            Also end the hosted session
          </a>
        ) : null}
      </div>
      <Outcome value={action.outcome} working={action.working} label="Logout result" />
    </Panel>
  );
}
