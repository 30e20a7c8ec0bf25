import { useEffect, useState } from 'react';
import { Panel } from '../components/Panel';
import { mfaControl, type MockPushRequest } from '../lib/mockControl';
import { usePlayground } from '../PlaygroundContext';

/** How often the panel asks the mock platform for push requests. */
const REFRESH_MS = 1000;

/**
 * The member's phone for push sign-ins: the requests the mock platform sent,
 * newest first, with Approve and Deny for those still waiting. A login waiting
 * for the approval in this tab or another one hears the answer on its next poll.
 */
export function PushApprovalsPanel() {
  const { log } = usePlayground();
  const [requests, setRequests] = useState<readonly MockPushRequest[]>([]);
  const [problem, setProblem] = useState<string>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const load = () =>
      mfaControl.pushRequests().then(
        (all) => {
          if (!live) return;
          setRequests([...all].reverse());
          setProblem(undefined);
        },
        (error: unknown) =>
          live && setProblem(error instanceof Error ? error.message : String(error)),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [tick]);

  const decide = (request: MockPushRequest, decision: 'approve' | 'deny') =>
    void mfaControl.decidePush(request.transactionId, decision).then(
      () => {
        log.add(
          `Push sign-in for ${request.email}: ${decision === 'approve' ? 'approved' : 'denied'}`,
        );
        setTick((value) => value + 1);
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  const now = Date.now();

  return (
    <Panel
      id="push-approvals"
      title="Push approvals"
      intro="Plays the member's phone: the push sign-in requests the mock platform sent. Approve or deny one while a login waits for it — here, or from a second tab."
    >
      {requests.length === 0 ? (
        <p className="hint">No push sign-in yet: log in as a member with push approval.</p>
      ) : (
        <ul className="push-list" aria-label="Push sign-in requests">
          {requests.slice(0, 5).map((request) => {
            const waiting = request.status === 'PENDING' && request.expiresAt > now;
            return (
              <li key={request.transactionId} className="push-item">
                <span>
                  <strong>{request.email}</strong> wants to sign in ·{' '}
                  <span className={`push-status ${request.status.toLowerCase()}`}>
                    {waiting || request.status !== 'PENDING' ? request.status : 'EXPIRED'}
                  </span>
                </span>
                {waiting ? (
                  <span className="row">
                    <button type="button" onClick={() => decide(request, 'approve')}>
                      Approve
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => decide(request, 'deny')}
                    >
                      Deny
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {problem ? <p className="hint">{problem}</p> : null}
    </Panel>
  );
}
