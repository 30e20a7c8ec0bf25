import { useSession } from '@site-identity/react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { RoleBadge } from '../components/RoleBadge';
import { useAction } from '../lib/useAction';
import { useNowSeconds } from '../lib/useNow';
import { usePlayground } from '../PlaygroundContext';

/** The token manager's default leeway: a token this close to expiry counts as expired. */
const LEEWAY_SECONDS = 60;

function formatCountdown(seconds: number): string {
  if (seconds <= 0) return 'now';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}

/** The session as the token manager sees it: role, expiry countdown, refresh and clear. */
export function SessionPanel() {
  const { tokens, log } = usePlayground();
  const snapshot = useSession();
  const now = useNowSeconds();
  const { busy, outcome, run } = useAction();
  const expiresAt = snapshot.tokens?.accessToken.expiresAt;
  const role = snapshot.status === 'loading' ? 'none' : snapshot.status;

  return (
    <Panel
      id="session"
      title="Session"
      intro="The token set the token manager keeps in localStorage for every tab. Logged in means the refresh token's role is member. The access token is renewed through the refresh token 60 seconds before it expires, in one tab for all of them."
    >
      <dl className="facts">
        <dt>Role</dt>
        <dd>
          <RoleBadge role={role} />
          {snapshot.status === 'loading' ? ' (reading storage…)' : null}
        </dd>
        <dt>Access token expires</dt>
        <dd data-testid="access-expiry">
          {expiresAt === undefined
            ? 'no token yet'
            : `in ${formatCountdown(expiresAt - now)} (at ${new Date(expiresAt * 1000).toLocaleTimeString()})`}
        </dd>
        <dt>Renewal due</dt>
        <dd data-testid="renewal-due">
          {expiresAt === undefined ? '—' : formatCountdown(expiresAt - LEEWAY_SECONDS - now)}
        </dd>
        <dt>Last renewal error</dt>
        <dd data-testid="session-error">
          {snapshot.error ? `${snapshot.error.code}: ${snapshot.error.message}` : 'none'}
        </dd>
      </dl>
      <div className="row">
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            run(async () => {
              log.add('Session: refresh requested');
              const next = await tokens.refresh();
              return {
                tone: 'ok',
                message: `Renewed as ${next.refreshToken.role}: tokens.refresh() bought a new access token in one request.`,
              };
            })
          }
        >
          Refresh now
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const next = await tokens.getTokens();
              return {
                tone: 'info',
                message: `getTokens() answered role ${next.refreshToken.role}; it renews only a token that is due.`,
              };
            })
          }
        >
          Get tokens
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await tokens.clear();
              log.add('Session: cleared the stored tokens');
              return {
                tone: 'info',
                message:
                  'Cleared the tokens in this browser (role none). The next call fetches visitor tokens.',
              };
            })
          }
        >
          Clear
        </button>
      </div>
      <Outcome value={outcome} label="Session result" />
    </Panel>
  );
}
