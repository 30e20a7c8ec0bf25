import { useState } from 'react';
import type { IdentityProvider } from '@site-identity/redirects';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { callbackUrl } from '../config';
import { loginInPopup } from '../lib/popupLogin';
import { expectReturn } from '../lib/returnNote';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

const WAYS = [
  { value: 'popup', label: 'a popup window (this page stays)' },
  { value: 'redirect', label: 'a full-page redirect (back to this page)' },
] as const;

type Way = (typeof WAYS)[number]['value'];

/** Google, Facebook or a site's own connection (SSO), through a popup or a redirect. */
export function SocialLoginPanel() {
  const playground = usePlayground();
  const { redirects, log } = playground;
  const [way, setWay] = useState<Way>('popup');
  const [connectionId, setConnectionId] = useState('corp-sso');
  const action = useAction();

  const start = (idp: IdentityProvider, name: string) =>
    void action.run(async (report) => {
      if (way === 'popup') return loginInPopup(playground, report, { idp }, name);
      log.add(`Social login (${name}): leaving for the hosted page`);
      expectReturn('hosted-login');
      await redirects.loginWithRedirect({ redirectUri: callbackUrl(), originalUri: '/', idp });
      return { tone: 'info', message: `Leaving for the ${name} step of the hosted page…` };
    });

  return (
    <Panel
      id="social-login"
      title="Social and SSO login"
      intro="Signs in with Google, Facebook or a site's own identity-provider connection: the authorization request carries the connection id (idp), and the hosted page goes straight to that provider. The mock platform emulates the provider with a “Continue with …” step that asks which account to use and creates the member on first use."
    >
      <div className="stack">
        <label className="field">
          Sign in through
          <select value={way} onChange={(event) => setWay(event.target.value as Way)}>
            {WAYS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div className="row">
          <button type="button" disabled={action.busy} onClick={() => start('google', 'Google')}>
            Continue with Google
          </button>
          <button
            type="button"
            disabled={action.busy}
            onClick={() => start('facebook', 'Facebook')}
          >
            Continue with Facebook
          </button>
        </div>
        <div className="row">
          <TextField label="Connection id" value={connectionId} onChange={setConnectionId} />
          <button
            type="button"
            disabled={action.busy}
            onClick={() => start({ connectionId }, `SSO ${connectionId}`)}
          >
            Continue with SSO
          </button>
        </div>
      </div>
      <Outcome value={action.outcome} working={action.working} label="Social login result" />
    </Panel>
  );
}
