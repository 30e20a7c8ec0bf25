import { Panel } from '../components/Panel';
import { useEventLog } from '../lib/eventLog';
import { clock } from '../lib/time';
import { usePlayground } from '../PlaygroundContext';

/** Session events from the token manager and the steps of each flow, newest first. */
export function EventLogPanel() {
  const { log } = usePlayground();
  const entries = useEventLog(log);
  return (
    <Panel
      id="event-log"
      title="Session event log"
      intro="Every change the token manager reports (TOKENS_REFRESHED, SIGNED_IN, SIGNED_OUT, SESSION_EXPIRED), including changes made in another tab, and each step the panels take. Newest first; kept for this tab across reloads and the hosted login."
    >
      <ul className="log" aria-label="Session events">
        {entries.length === 0 ? <li className="empty">Nothing yet.</li> : null}
        {entries.map((entry) => (
          <li key={entry.id}>
            <span className="time">{clock(entry.at)}</span>
            <span>{entry.text}</span>
          </li>
        ))}
      </ul>
      <div className="row" style={{ marginTop: '0.6rem' }}>
        <button type="button" className="secondary" onClick={() => log.clear()}>
          Clear the log
        </button>
      </div>
    </Panel>
  );
}
