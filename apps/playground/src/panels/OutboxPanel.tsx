import { useCallback } from 'react';
import { Panel } from '../components/Panel';
import { mockControl } from '../lib/mockControl';
import { usePolling } from '../lib/usePolling';

/** The e-mails the mock platform would have sent: verification codes and recovery links. */
export function OutboxPanel() {
  const load = useCallback(() => mockControl.outbox(), []);
  const { value } = usePolling(load, 1000);
  const emails = [...(value ?? [])].reverse();
  return (
    <Panel
      id="outbox"
      title="Mock platform outbox"
      intro="The mock platform sends no real e-mail: verification codes and password-reset links land here instead, newest first."
    >
      <ul className="log" aria-label="Outbox">
        {emails.length === 0 ? <li className="empty">No e-mail sent yet.</li> : null}
        {emails.map((email, index) => (
          <li key={`${email.time}-${index}`}>
            <span className="time">{new Date(email.time).toTimeString().slice(0, 8)}</span>
            <span>
              <strong>{email.kind}</strong> to {email.to}
              {email.code ? (
                <>
                  {' '}
                  — code <code>{email.code}</code>
                </>
              ) : null}
              {email.link ? (
                <>
                  {' '}
                  — <a href={email.link}>open the link</a>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
