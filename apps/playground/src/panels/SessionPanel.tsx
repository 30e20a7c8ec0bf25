import { useEffect, useRef } from 'react';
import { useSession } from '@site-identity/react';
import { LifetimeBar } from '../components/LifetimeBar';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { RoleBadge } from '../components/RoleBadge';
import { explainError } from '../lib/explain';
import { useMockWatch } from '../lib/mockWatch';
import { clock, duration } from '../lib/time';
import { useAction } from '../lib/useAction';
import { useNow } from '../lib/useNow';
import { usePlayground } from '../PlaygroundContext';

/** The token manager's default leeway: a token this close to expiry counts as expired. */
const LEEWAY_SECONDS = 60;

/** The session as the token manager sees it: role, token lifetime, renewal and its retries. */
export function SessionPanel() {
  const { tokens, log, mock } = usePlayground();
  const snapshot = useSession();
  const now = useNow();
  const action = useAction();
  const { busy, outcome, run } = action;
  const ttl = useMockWatch(mock).state?.settings.accessTokenTtlSeconds;
  const expiresAt = snapshot.tokens ? snapshot.tokens.accessToken.expiresAt * 1000 : undefined;
  const role = snapshot.status === 'loading' ? 'none' : snapshot.status;

  // When the token was issued: from the platform's lifetime when it fits, else when this tab first saw it.
  const firstSeen = useRef<{ expiresAt: number; at: number } | undefined>(undefined);
  useEffect(() => {
    if (expiresAt !== undefined && firstSeen.current?.expiresAt !== expiresAt)
      firstSeen.current = { expiresAt, at: Date.now() };
  }, [expiresAt]);
  const issuedAt =
    expiresAt === undefined
      ? undefined
      : ttl !== undefined && expiresAt - ttl * 1000 <= now
        ? expiresAt - ttl * 1000
        : Math.min(firstSeen.current?.at ?? now, now);

  // The token manager says when it tries a failed automatic renewal again (waits from 5 s up to 2 min).
  const nextTry = snapshot.nextRetryAt;
  const retryIn = nextTry === undefined ? undefined : duration((nextTry - now) / 1000);
  const renewalText =
    expiresAt === undefined
      ? '—'
      : retryIn !== undefined && snapshot.error
        ? `failed; the next try is in ${retryIn}`
        : duration((expiresAt - LEEWAY_SECONDS * 1000 - now) / 1000);
  const sessionError = snapshot.error
    ? explainError(
        snapshot.error,
        `You are still ${role === 'member' ? 'logged in' : `a ${role}`}${retryIn ? `; the next automatic try is in ${retryIn}` : ''}.`,
      )
    : undefined;

  return (
    <Panel
      id="session"
      title="Session"
      intro="The token set the token manager keeps in localStorage for every tab. Logged in means the refresh token's role is member. The access token is renewed through the refresh token 60 seconds before it expires, in one tab for all of them; a failed renewal is tried again after a wait that grows with each failure (5 seconds at first, at most 2 minutes, with jitter so that tabs do not come back together)."
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
            : `in ${duration((expiresAt - now) / 1000)} (at ${clock(expiresAt)})`}
        </dd>
        <dt>Renewal due</dt>
        <dd data-testid="renewal-due">{renewalText}</dd>
        <dt>Last renewal error</dt>
        <dd data-testid="session-error">{snapshot.error ? snapshot.error.code : 'none'}</dd>
      </dl>
      {expiresAt !== undefined && issuedAt !== undefined ? (
        <LifetimeBar
          issuedAt={issuedAt}
          expiresAt={expiresAt}
          leewaySeconds={LEEWAY_SECONDS}
          now={now}
        />
      ) : null}
      {sessionError ? <Outcome value={sessionError} label="Renewal error" /> : null}
      <div className="row">
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async (report) => {
              report('renewing the access token');
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
            void run(async () => {
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
            void run(async () => {
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
      <Outcome
        value={sessionError && outcome?.tone === 'bad' ? undefined : outcome}
        working={action.working}
        label="Session result"
      />
    </Panel>
  );
}
