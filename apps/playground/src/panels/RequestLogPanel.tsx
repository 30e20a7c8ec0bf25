import { Panel } from '../components/Panel';
import { StatusBadge } from '../components/StatusBadge';
import { useMockWatch } from '../lib/mockWatch';
import { clock } from '../lib/time';
import { usePlayground } from '../PlaygroundContext';

/** What the mock platform received: time, method, path, grant and status, newest first. */
export function RequestLogPanel() {
  const { mock } = usePlayground();
  const { requests: received, error } = useMockWatch(mock);
  const requests = [...(received ?? [])].reverse();
  return (
    <Panel
      id="request-log"
      title="Mock platform request log"
      intro="Each request the library made to the platform, as the mock platform saw it, newest first. Watch how few there are: one visitor-token grant per browser, one refresh however many callers ask at once. Status 0 means no answer came (an injected network failure or time-out)."
      wide
    >
      {error ? <p className="outcome bad">The mock platform does not answer: {error}</p> : null}
      <div className="scroll">
        <table className="requests" aria-label="Platform requests">
          <thead>
            <tr>
              <th>time</th>
              <th>request</th>
              <th>grant</th>
              <th>status</th>
            </tr>
          </thead>
          <tbody>
            {requests.length === 0 ? (
              <tr>
                <td colSpan={4}>No requests yet.</td>
              </tr>
            ) : null}
            {requests.map((request, index) => (
              <tr key={`${request.time}-${index}`}>
                <td className="mono time">{clock(request.time)}</td>
                <td className="mono path">
                  <span className="method">{request.method}</span> {request.path}
                </td>
                <td className="mono grant">
                  {request.grantType ?? ''}
                  {request.refreshTokenReused ? <span className="reused"> reused</span> : null}
                </td>
                <td className="mono">
                  <StatusBadge status={request.status} lost={request.lost ?? false} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
