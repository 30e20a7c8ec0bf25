import { useState } from 'react';
import { Outcome } from '../components/Outcome';
import { Panel } from '../components/Panel';
import { describeFault, FAULT_ENDPOINTS, FAULT_KINDS } from '../lib/faultCatalogue';
import { mockControl, type FaultKind, type MockFault } from '../lib/mockControl';
import { useMockWatch } from '../lib/mockWatch';
import { useAction } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

const SLOW_MS = 3000;

/** The quick switches: one fault on every platform call, on or off. */
const SWITCHES = {
  network: {
    label: 'Network failure (the connection drops)',
    fault: { kind: 'network', times: 'Infinity' },
    is: (fault: MockFault) => fault.kind === 'network' && !fault.path,
  },
  status503: {
    label: '503 Service Unavailable',
    fault: { kind: 'status', status: 503, times: 'Infinity' },
    is: (fault: MockFault) => fault.kind === 'status' && fault.status === 503 && !fault.path,
  },
  slow: {
    label: `Slow answers (${SLOW_MS / 1000} s each)`,
    fault: { kind: 'latency', latencyMs: SLOW_MS, times: 'Infinity' },
    is: (fault: MockFault) => fault.kind === 'latency' && !fault.path,
  },
} as const satisfies Record<
  string,
  { label: string; fault: MockFault; is: (fault: MockFault) => boolean }
>;

type Switch = keyof typeof SWITCHES;
const KINDS = Object.keys(FAULT_KINDS) as FaultKind[];
const TIMES = { '1': 'once', '3': '3 times', Infinity: 'every time' } as const;

/** Arms the platform failures the library must survive: quick switches, or any fault on any endpoint. */
export function FaultsPanel() {
  const { mock } = usePlayground();
  const { state } = useMockWatch(mock);
  const faults = state?.faults;
  const action = useAction();
  const [kind, setKind] = useState<FaultKind>('status');
  const [path, setPath] = useState<string>('/oauth2/token');
  const [status, setStatus] = useState('503');
  const [retryAfter, setRetryAfter] = useState('');
  const [latency, setLatency] = useState('3000');
  const [phase, setPhase] = useState<'request' | 'response'>('request');
  const [times, setTimes] = useState<keyof typeof TIMES>('1');
  // A switch shows its new position at once, before the platform confirms it.
  const [switching, setSwitching] = useState<Partial<Record<Switch, boolean>>>({});

  /** The control API clears every fault at once: re-arm the ones to keep. */
  const replace = (keep: readonly MockFault[], add?: MockFault) =>
    action.run(async () => {
      try {
        await mockControl.clearFaults();
        for (const fault of add ? [...keep, add] : keep)
          await mockControl.injectFault({ ...fault, times: fault.times ?? 'Infinity' });
        await mock.refresh();
      } finally {
        setSwitching({});
      }
      return undefined;
    });

  const toggle = (key: Switch, on: boolean) => {
    setSwitching((before) => ({ ...before, [key]: on }));
    const others = (faults ?? []).filter((fault) => !SWITCHES[key].is(fault));
    void replace(others, on ? SWITCHES[key].fault : undefined);
  };

  const custom = (): MockFault => ({
    kind,
    ...(path ? { path } : {}),
    times: times === 'Infinity' ? 'Infinity' : Number(times),
    ...(kind === 'status' || kind === 'html'
      ? {
          ...(kind === 'status' || status !== '503' ? { status: Number(status) } : {}),
          ...(retryAfter !== '' ? { retryAfterSeconds: Number(retryAfter) } : {}),
        }
      : {}),
    ...(kind === 'latency' || kind === 'lost' ? { latencyMs: Number(latency) } : {}),
    ...(kind === 'latency' ? { latencyPhase: phase } : {}),
  });

  return (
    <Panel
      id="faults"
      title="Fault injection"
      intro="Make platform calls fail, then try a flow or wait for a renewal: a member stays a member through a transient failure, and the call reports a retryable error instead. Faults are the mock platform's, so every tab sees the same ones."
    >
      <div className="stack">
        {(Object.keys(SWITCHES) as Switch[]).map((key) => (
          <label className="check" key={key}>
            <input
              type="checkbox"
              checked={switching[key] ?? faults?.some(SWITCHES[key].is) ?? false}
              disabled={!faults || action.busy}
              onChange={(event) => toggle(key, event.target.checked)}
            />
            {SWITCHES[key].label}
          </label>
        ))}
      </div>
      <form
        noValidate
        className="stack fault-form"
        aria-label="Arm a fault"
        onSubmit={(event) => {
          event.preventDefault();
          void replace(faults ?? [], custom());
        }}
      >
        <div className="row">
          <label className="field">
            Fault
            <select value={kind} onChange={(event) => setKind(event.target.value as FaultKind)}>
              {KINDS.map((key) => (
                <option key={key} value={key}>
                  {FAULT_KINDS[key].label} ({key})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            Endpoint
            <select value={path} onChange={(event) => setPath(event.target.value)}>
              {FAULT_ENDPOINTS.map((endpoint) => (
                <option key={endpoint.path} value={endpoint.path}>
                  {endpoint.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="hint">{FAULT_KINDS[kind].hint}</p>
        <div className="row">
          {kind === 'status' || kind === 'html' ? (
            <>
              <label className="field">
                Status
                <select value={status} onChange={(event) => setStatus(event.target.value)}>
                  {(kind === 'html'
                    ? ['502', '503', '500']
                    : ['503', '500', '429', '401', '400']
                  ).map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                Retry-After (s)
                <select value={retryAfter} onChange={(event) => setRetryAfter(event.target.value)}>
                  <option value="">none</option>
                  <option value="2">2</option>
                  <option value="10">10</option>
                </select>
              </label>
            </>
          ) : null}
          {kind === 'latency' || kind === 'lost' ? (
            <label className="field">
              Delay (ms)
              <select value={latency} onChange={(event) => setLatency(event.target.value)}>
                {['0', '1000', '3000', '6000'].map((ms) => (
                  <option key={ms} value={ms}>
                    {ms}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {kind === 'latency' ? (
            <label className="field">
              Wait
              <select
                value={phase}
                onChange={(event) => setPhase(event.target.value as 'request' | 'response')}
              >
                <option value="request">before processing</option>
                <option value="response">after processing (answer phase)</option>
              </select>
            </label>
          ) : null}
          <label className="field">
            How often
            <select
              value={times}
              onChange={(event) => setTimes(event.target.value as keyof typeof TIMES)}
            >
              {(Object.keys(TIMES) as (keyof typeof TIMES)[]).map((key) => (
                <option key={key} value={key}>
                  {TIMES[key]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="row">
          <button type="submit" disabled={!faults || action.busy}>
            Arm the fault
          </button>
          <button
            type="button"
            className="secondary"
            disabled={!faults || faults.length === 0 || action.busy}
            onClick={() => void replace([])}
          >
            Remove every fault
          </button>
        </div>
      </form>
      <ul className="log" aria-label="Armed faults">
        {!faults || faults.length === 0 ? <li className="empty">No fault armed.</li> : null}
        {(faults ?? []).map((fault, index) => (
          <li key={`${index}-${fault.kind}-${fault.path ?? ''}`} className="fault-line">
            <span>{describeFault(fault)}</span>
            <button
              type="button"
              className="link"
              disabled={action.busy}
              onClick={() => void replace((faults ?? []).filter((_, other) => other !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <Outcome value={action.outcome} working={action.working} label="Fault result" />
    </Panel>
  );
}
