import { prewarm } from '@site-identity/redirects/prewarm';
import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { CLIENT_ID } from '../config';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

const PREWARM_KEY = `site-identity:${CLIENT_ID}:prewarm`;

function readStamp(): string {
  const raw = window.localStorage.getItem(PREWARM_KEY);
  if (!raw) return 'never';
  const time = Number(raw);
  return Number.isFinite(time) ? new Date(time).toLocaleString() : raw;
}

/** Pre-warms the hosted login session in a hidden frame, at most once every 7 days. */
export function PrewarmPanel() {
  const { redirects, log } = usePlayground();
  const [stamp, setStamp] = useState(readStamp);
  const action = useAction();
  const { busy, outcome, run } = action;
  const warm = (force: boolean) =>
    run(async () => {
      const before = window.localStorage.getItem(PREWARM_KEY);
      await prewarm(redirects, { force });
      const after = window.localStorage.getItem(PREWARM_KEY);
      setStamp(readStamp());
      const ran = after !== before;
      log.add(
        `Pre-warm: ${ran ? 'loaded the hosted session in a hidden frame' : 'skipped (done within 7 days)'}`,
      );
      return ran
        ? {
            tone: 'ok',
            message:
              'Pre-warmed: a hidden frame loaded the hosted login session, so a later hosted login opens faster.',
          }
        : { tone: 'info', message: 'Skipped: this browser pre-warmed within the last 7 days.' };
    });
  return (
    <Panel
      id="prewarm"
      title="Pre-warm"
      intro="Loads the hosted login session in a hidden frame ahead of time. It runs at most once every 7 days, judged by a time stamp in localStorage, and gives up after a time-out instead of hanging."
    >
      <dl className="facts">
        <dt>Last pre-warm</dt>
        <dd data-testid="prewarm-stamp">{stamp}</dd>
      </dl>
      <div className="row">
        <button type="button" disabled={busy} onClick={() => void warm(false)}>
          Pre-warm
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => void warm(true)}>
          Pre-warm even if recent
        </button>
      </div>
      <Outcome value={outcome} working={action.working} label="Pre-warm result" />
    </Panel>
  );
}
