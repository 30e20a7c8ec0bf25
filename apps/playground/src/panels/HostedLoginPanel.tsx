import { useState } from 'react';
import { ActionButton } from '../components/ActionButton';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { callbackUrl } from '../config';
import { expectReturn } from '../lib/returnNote';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

const DESTINATIONS = [
  { value: '/members', label: 'the members-only page (/members)' },
  { value: '/', label: 'this page (/)' },
] as const;

/** The hosted login page: authorization code with PKCE, through a full-page redirect. */
export function HostedLoginPanel() {
  const { redirects, log } = usePlayground();
  const [originalUri, setOriginalUri] = useState<string>(DESTINATIONS[0].value);
  const action = useAction();
  return (
    <Panel
      id="hosted-login"
      title="Hosted login (redirect)"
      intro="Leaves for the platform's own login page with a PKCE code challenge and a single-use state. The page returns to /callback with a code in the URL fragment; the callback exchanges it for member tokens, removes the code from the address bar and goes on to the page you started from."
    >
      <div className="stack">
        <label className="field">
          After logging in, go to
          <select value={originalUri} onChange={(event) => setOriginalUri(event.target.value)}>
            {DESTINATIONS.map((destination) => (
              <option key={destination.value} value={destination.value}>
                {destination.label}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <ActionButton
            action={action}
            onRun={async () => {
              log.add(`Hosted login: leaving for the hosted page (then ${originalUri})`);
              expectReturn('hosted-login');
              await redirects.loginWithRedirect({ redirectUri: callbackUrl(), originalUri });
              return { tone: 'info', message: 'Leaving for the hosted login page…' };
            }}
          >
            Log in on the hosted page
          </ActionButton>
        </div>
      </div>
      <Outcome value={action.outcome} working={action.working} label="Hosted login result" />
    </Panel>
  );
}
