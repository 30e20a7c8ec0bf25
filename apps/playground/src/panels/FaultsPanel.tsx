import { useEffect, useState } from 'react';
import { Panel } from '../components/Panel';
import { mockControl, type MockFault } from '../lib/mockControl';
import { describeError } from '../lib/useAction';

const SLOW_MS = 3000;

/** The three failures the panel switches, as the mock platform's faults. */
const TOGGLES = {
  network: {
    label: 'Network failure (the connection drops)',
    fault: { kind: 'network', times: 'Infinity' },
  },
  status503: {
    label: '503 Service Unavailable',
    fault: { kind: 'status', status: 503, times: 'Infinity' },
  },
  slow: {
    label: `Slow answers (${SLOW_MS / 1000} s each)`,
    fault: { kind: 'latency', latencyMs: SLOW_MS, times: 'Infinity' },
  },
} as const satisfies Record<string, { label: string; fault: MockFault }>;

type Toggle = keyof typeof TOGGLES;
type Switches = Readonly<Record<Toggle, boolean>>;

function switchesOf(faults: readonly MockFault[]): Switches {
  return {
    network: faults.some((fault) => fault.kind === 'network'),
    status503: faults.some((fault) => fault.kind === 'status' && fault.status === 503),
    slow: faults.some((fault) => fault.kind === 'latency'),
  };
}

/** Switches on the platform failures the library must survive. */
export function FaultsPanel() {
  const [switches, setSwitches] = useState<Switches>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    mockControl.state().then(
      (state) => setSwitches(switchesOf(state.faults)),
      (reason: unknown) => setError(describeError(reason)),
    );
  }, []);

  const change = async (toggle: Toggle, on: boolean) => {
    const next = { ...(switches ?? switchesOf([])), [toggle]: on };
    setSwitches(next);
    try {
      // Faults are a list on the mock platform: clear it, then arm the switched-on ones.
      await mockControl.clearFaults();
      for (const key of Object.keys(TOGGLES) as Toggle[])
        if (next[key]) await mockControl.injectFault(TOGGLES[key].fault);
      setError(undefined);
    } catch (reason) {
      setError(describeError(reason));
    }
  };

  return (
    <Panel
      id="faults"
      title="Fault injection"
      intro="Make every platform call fail, then try a flow or wait for a renewal: a member stays a member through a transient failure, and the call reports a retryable error instead. Switch the fault off and the next call succeeds."
    >
      <div className="stack">
        {(Object.keys(TOGGLES) as Toggle[]).map((key) => (
          <label className="check" key={key}>
            <input
              type="checkbox"
              checked={switches?.[key] ?? false}
              disabled={!switches}
              onChange={(event) => void change(key, event.target.checked)}
            />
            {TOGGLES[key].label}
          </label>
        ))}
      </div>
      {error ? <p className="outcome bad">{error}</p> : null}
    </Panel>
  );
}
