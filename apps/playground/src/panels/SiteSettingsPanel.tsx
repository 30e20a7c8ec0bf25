import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { callbackUrl, CLIENT_ID, MOCK_PLATFORM_URL } from '../config';
import { Panel } from '../components/Panel';
import { TextField } from '../components/TextField';
import { mockControl, type MockSettings } from '../lib/mockControl';
import { useMockWatch } from '../lib/mockWatch';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/** The platform's host name: a page on another host name is on another site here (loopback names). */
const PLATFORM_HOST = new URL(MOCK_PLATFORM_URL).hostname;
const crossSite = () => window.location.hostname !== PLATFORM_HOST;

type Flag = 'requireEmailVerification' | 'requireOwnerApproval' | 'rotateRefreshTokens';

const FLAGS: Readonly<Record<Flag, string>> = {
  requireEmailVerification: 'New members must verify their e-mail',
  requireOwnerApproval: "New members need the site owner's approval",
  rotateRefreshTokens: 'Rotate refresh tokens on every renewal',
};

/** The app's OAuth settings on the platform, each with one configuration mistake to see diagnosed. */
const APP_SETTINGS = {
  lenient: 'lenient: any client id, redirect URI and origin',
  correct: 'strict, and right for this page',
  'origin-not-allowed': "strict: this page's origin is not an allowed domain",
  'redirect-uri-not-registered': "strict: this page's redirect URIs are not registered",
  'unknown-client': 'strict: this client id is unknown',
  unpublished: 'the site is not published',
} as const;

type AppSettings = keyof typeof APP_SETTINGS;

/** What the platform is told for each choice: its clients and whether the site is published. */
function appSettings(choice: AppSettings): Pick<MockSettings, 'clients' | 'published'> {
  const origin = window.location.origin;
  const redirectUris = [callbackUrl(), origin];
  const clients = {
    lenient: null,
    unpublished: null,
    correct: [{ clientId: CLIENT_ID, redirectUris, allowedOrigins: [origin] }],
    'origin-not-allowed': [
      { clientId: CLIENT_ID, redirectUris, allowedOrigins: ['https://elsewhere.example'] },
    ],
    'redirect-uri-not-registered': [
      { clientId: CLIENT_ID, redirectUris: ['https://elsewhere.example/callback'] },
    ],
    'unknown-client': [{ clientId: `another-${CLIENT_ID}`, redirectUris }],
  }[choice];
  return { clients, published: choice !== 'unpublished' };
}

/** The choice that describes the platform's settings (`correct` for any other strict list). */
function appSettingsOf(settings: MockSettings | undefined): AppSettings {
  if (!settings) return 'lenient';
  if (!settings.published) return 'unpublished';
  const client = settings.clients?.[0];
  if (!client) return 'lenient';
  if (client.clientId !== CLIENT_ID) return 'unknown-client';
  if (!client.redirectUris.includes(callbackUrl())) return 'redirect-uri-not-registered';
  if (client.allowedOrigins && !client.allowedOrigins.includes(window.location.origin))
    return 'origin-not-allowed';
  return 'correct';
}

/**
 * The mock site's rules: what a new member must pass, captcha, token lifetime and
 * rotation. They live on the mock platform, so a change in another tab shows here.
 */
export function SiteSettingsPanel() {
  const { mock } = usePlayground();
  const stored = useMockWatch(mock).state?.settings;
  // A change shows at once, before the platform confirms it on the next look-up.
  const [changing, setChanging] = useState<Partial<MockSettings>>({});
  const settings = stored ? { ...stored, ...changing } : undefined;
  const [approveEmail, setApproveEmail] = useState('');
  const action = useAction();
  const { busy, outcome, run } = action;

  const update = (patch: Partial<MockSettings>) => {
    setChanging((before) => ({ ...before, ...patch }));
    return run(async () => {
      try {
        await mockControl.updateSettings(patch);
        await mock.refresh();
      } finally {
        setChanging({});
      }
      return undefined;
    });
  };

  return (
    <Panel
      id="site-settings"
      title="Mock site settings"
      intro="The rules of the emulated site. Turn on e-mail verification or owner approval before registering to see those login states; shorten the access-token lifetime to watch renewals; make a reused refresh token end the whole session; shorten the code lifetime to see a late code exchange fail; make the silent-login frame need its own cookie to see a login fall back to a redirect in cross-site mode; make the app's OAuth settings wrong (an origin, a redirect URI, a client id, an unpublished site) to see each mistake diagnosed."
    >
      <div className="stack">
        <p className="hint" data-testid="site-relation">
          {crossSite()
            ? `Cross-site mode: this page (${window.location.hostname}) and the platform (${PLATFORM_HOST}) are different sites, so a browser that blocks third-party cookies keeps the platform's cookies out of the hidden frame; a login then completes by redirect.`
            : `Same-site mode: this page and the platform are both on ${PLATFORM_HOST}, so the hidden frame keeps its cookies. For cross-site mode open this page at localhost instead of 127.0.0.1 (see the README).`}
        </p>
        {(Object.keys(FLAGS) as Flag[]).map((flag) => (
          <label className="check" key={flag}>
            <input
              type="checkbox"
              checked={settings?.[flag] ?? false}
              disabled={!settings || busy}
              onChange={(event) => void update({ [flag]: event.target.checked })}
            />
            {FLAGS[flag]}
          </label>
        ))}
        <div className="row">
          <label className="field">
            reCAPTCHA on register and login
            <select
              value={settings?.captcha ?? 'off'}
              disabled={!settings || busy}
              onChange={(event) =>
                void update({ captcha: event.target.value as MockSettings['captcha'] })
              }
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
              onChange={(event) =>
                void update({ accessTokenTtlSeconds: Number(event.target.value) })
              }
            >
              {[...new Set([3600, 300, 90, 66, settings?.accessTokenTtlSeconds ?? 3600])].map(
                (seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds}
                  </option>
                ),
              )}
            </select>
          </label>
          <label className="field">
            Authorization-code lifetime (seconds)
            <select
              value={String(settings?.authorizationCodeTtlSeconds ?? 60)}
              disabled={!settings || busy}
              onChange={(event) =>
                void update({ authorizationCodeTtlSeconds: Number(event.target.value) })
              }
            >
              {[...new Set([60, 10, 1, settings?.authorizationCodeTtlSeconds ?? 60])].map(
                (seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds}
                  </option>
                ),
              )}
            </select>
          </label>
          <label className="field">
            The silent-login frame
            <select
              value={settings?.frameCookie ?? 'off'}
              disabled={!settings || busy}
              onChange={(event) =>
                void update({ frameCookie: event.target.value as MockSettings['frameCookie'] })
              }
            >
              <option value="off">needs no cookie</option>
              <option value="required">needs its cookie, else login_required</option>
              <option value="unanswered">needs its cookie, else never answers</option>
            </select>
          </label>
          <label className="field">
            The app&apos;s OAuth settings
            <select
              value={appSettingsOf(settings)}
              disabled={!settings || busy}
              onChange={(event) => void update(appSettings(event.target.value as AppSettings))}
            >
              {(Object.keys(APP_SETTINGS) as AppSettings[]).map((choice) => (
                <option key={choice} value={choice}>
                  {APP_SETTINGS[choice]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            A reused refresh token
            <select
              value={settings?.refreshTokenReuse ?? 'reject'}
              disabled={!settings || busy}
              onChange={(event) =>
                void update({
                  refreshTokenReuse: event.target.value as MockSettings['refreshTokenReuse'],
                })
              }
            >
              <option value="reject">is rejected (invalid_grant)</option>
              <option value="revoke-family">ends its whole session (revoke the family)</option>
            </select>
          </label>
        </div>
        <form
          noValidate
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
          />
          <button type="submit" disabled={busy}>
            Approve
          </button>
        </form>
      </div>
      <Outcome value={outcome} working={action.working} label="Site settings result" />
    </Panel>
  );
}
