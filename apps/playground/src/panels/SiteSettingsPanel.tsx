import { useEffect, useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { mockControl, type MockSettings } from '../lib/mockControl';
import { describeError, useAction } from '../lib/useAction';

/** The mock site's rules: what a new member must pass, captcha, token lifetime. */
export function SiteSettingsPanel() {
  const [settings, setSettings] = useState<MockSettings>();
  const [approveEmail, setApproveEmail] = useState('');
  const { busy, outcome, setOutcome, run } = useAction();

  useEffect(() => {
    mockControl.state().then(
      (state) => setSettings(state.settings),
      (reason: unknown) => setOutcome({ tone: 'bad', message: describeError(reason) }),
    );
  }, [setOutcome]);

  const update = (patch: Partial<MockSettings>) =>
    run(async () => {
      setSettings(await mockControl.updateSettings(patch));
      return undefined;
    });

  return (
    <Panel
      id="site-settings"
      title="Mock site settings"
      intro="The rules of the emulated site. Turn on e-mail verification or owner approval before registering to see those login states; shorten the access-token lifetime to watch renewals."
    >
      <div className="stack">
        <label className="check">
          <input
            type="checkbox"
            checked={settings?.requireEmailVerification ?? false}
            disabled={!settings || busy}
            onChange={(event) => update({ requireEmailVerification: event.target.checked })}
          />
          New members must verify their e-mail
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings?.requireOwnerApproval ?? false}
            disabled={!settings || busy}
            onChange={(event) => update({ requireOwnerApproval: event.target.checked })}
          />
          New members need the site owner's approval
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={settings?.rotateRefreshTokens ?? false}
            disabled={!settings || busy}
            onChange={(event) => update({ rotateRefreshTokens: event.target.checked })}
          />
          Rotate refresh tokens on every renewal
        </label>
        <label className="field">
          reCAPTCHA on register and login
          <select
            value={settings?.captcha ?? 'off'}
            disabled={!settings || busy}
            onChange={(event) => update({ captcha: event.target.value as MockSettings['captcha'] })}
          >
            <option value="off">off</option>
            <option value="invisible">invisible</option>
            <option value="visible">visible</option>
          </select>
        </label>
        <label className="field">
          Access-token lifetime (seconds)
          <select
            value={String(settings?.accessTokenTtlSeconds ?? 3600)}
            disabled={!settings || busy}
            onChange={(event) => update({ accessTokenTtlSeconds: Number(event.target.value) })}
          >
            {[3600, 300, 90, 65].map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds}
              </option>
            ))}
          </select>
        </label>
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await mockControl.approve(approveEmail);
              return {
                tone: 'ok',
                message: `The owner approved ${approveEmail}. That member can log in now.`,
              };
            });
          }}
        >
          <TextField
            label="Approve a member (e-mail)"
            type="email"
            value={approveEmail}
            onChange={setApproveEmail}
            required
          />
          <button type="submit" disabled={busy}>
            Approve
          </button>
        </form>
      </div>
      <Outcome value={outcome} label="Site settings result" />
    </Panel>
  );
}
