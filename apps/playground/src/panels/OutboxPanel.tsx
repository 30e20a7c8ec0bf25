import { Panel } from '../components/Panel';
import { useMockWatch } from '../lib/mockWatch';
import { clock } from '../lib/time';
import { usePlayground } from '../PlaygroundContext';

/** The e-mails the mock platform would have sent: verification codes and recovery links. */
export function OutboxPanel() {
  const { mock } = usePlayground();
  const emails = [...(useMockWatch(mock).outbox ?? [])].reverse();
  return (
    <Panel
      id="outbox"
      title="Mock platform outbox"
      intro="The mock platform sends no real e-mail: verification codes, second-factor codes, password-reset and activation links land here instead, newest first."
    >
      <ul className="log" aria-label="Outbox">
        {emails.length === 0 ? <li className="empty">No e-mail sent yet.</li> : null}
        {emails.map((email, index) => (
          <li key={`${email.time}-${index}`}>
            <span className="time">{clock(email.time)}</span>
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
