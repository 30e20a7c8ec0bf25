import { useCallback } from 'react';
import { Panel } from '../components/Panel';
import { mockControl } from '../lib/mockControl';
import { usePolling } from '../lib/usePolling';

/** What the mock platform received: method, path, grant and status, newest first. */
export function RequestLogPanel() {
  const load = useCallback(() => mockControl.requests(), []);
  const { value, error } = usePolling(load, 1000);
  const requests = [...(value ?? [])].reverse();
  return (
    <Panel
      id="request-log"
      title="Mock platform request log"
      intro="Each request the library made to the platform, as the mock platform saw it. Watch how few there are: one visitor-token grant per browser, one refresh however many callers ask at once. Status 0 is an injected network failure."
      wide
    >
      {error ? <p className="outcome bad">The mock platform does not answer: {error}</p> : null}
      <div className="scroll">
        <table className="requests" aria-label="Platform requests">
          <thead>
            <tr>
              <th>time</th>
              <th>method</th>
              <th>path</th>
              <th>grant</th>
              <th>status</th>
            </tr>
          </thead>
          <tbody>
            {requests.length === 0 ? (
              <tr>
                <td colSpan={5}>No requests yet.</td>
              </tr>
            ) : null}
            {requests.map((request, index) => (
              <tr key={`${request.time}-${index}`}>
                <td className="mono">{new Date(request.time).toTimeString().slice(0, 8)}</td>
                <td className="mono">{request.method}</td>
                <td className="mono">{request.path}</td>
                <td className="mono">{request.grantType ?? ''}</td>
                <td className="mono">{request.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
