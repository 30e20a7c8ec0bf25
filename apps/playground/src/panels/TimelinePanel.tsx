import { useState } from 'react';
import { Panel } from '../components/Panel';
import { stepOf, useTrackedRequests, type TrackedRequest } from '../lib/requestTracker';
import { clock } from '../lib/time';
import { useNow } from '../lib/useNow';
import { usePlayground } from '../PlaygroundContext';

const WINDOWS = { 30: '30 s', 120: '2 min', 600: '10 min' } as const;
type Window = keyof typeof WINDOWS;

/** The lanes: this tab first, then the others in the order they were first seen. */
function lanesOf(requests: readonly TrackedRequest[], self: string): string[] {
  const tabs = [...new Set(requests.map((request) => request.tab))].filter((tab) => tab !== self);
  return [self, ...tabs];
}

/**
 * The platform requests of every open tab on one time axis, one lane per tab,
 * each request a bar from its start to its answer, coloured by outcome. A renewal
 * that one tab makes for all of them shows as a single bar in one lane.
 */
export function TimelinePanel() {
  const { requests: tracker } = usePlayground();
  const requests = useTrackedRequests(tracker);
  const now = useNow(500);
  const [span, setSpan] = useState<Window>(120);
  const from = now - span * 1000;
  const visible = requests.filter((request) => (request.end ?? now) >= from);
  const left = (at: number) => `${Math.max(((at - from) / (span * 1000)) * 100, 0)}%`;
  const width = (request: TrackedRequest) =>
    `max(4px, ${(((request.end ?? now) - Math.max(request.start, from)) / (span * 1000)) * 100}%)`;

  return (
    <Panel
      id="timeline"
      title="Request timeline"
      intro={`Every platform request of the library in each open tab, one lane per tab (this is ${tracker.tab}; its name is in the page title). Green answered, amber refused (4xx), red failed (5xx or no answer), blue still waiting. Open a second tab and watch one renewal serve both.`}
      wide
    >
      <div className="row timeline-controls">
        <label className="field">
          Show the last
          <select value={span} onChange={(event) => setSpan(Number(event.target.value) as Window)}>
            {(Object.keys(WINDOWS) as unknown as Window[]).map((key) => (
              <option key={key} value={key}>
                {WINDOWS[key]}
              </option>
            ))}
          </select>
        </label>
        <span className="legend">
          <span className="swatch ok" /> answered <span className="swatch refused" /> refused{' '}
          <span className="swatch failed" /> failed <span className="swatch pending" /> waiting
        </span>
      </div>
      <div className="timeline" role="list" aria-label="Request timeline">
        {lanesOf(visible, tracker.tab).map((tab) => (
          <div className="lane" role="listitem" key={tab} data-testid={`lane-${tab}`}>
            <span className="lane-name">
              {tab}
              {tab === tracker.tab ? ' (this tab)' : ''}
            </span>
            <div className="lane-track">
              {visible
                .filter((request) => request.tab === tab)
                .map((request) => (
                  <span
                    key={request.id}
                    className={`bar ${request.outcome}`}
                    style={{ left: left(request.start), width: width(request) }}
                    title={`${clock(request.start)} ${stepOf(request)} (${request.method} ${request.path}) → ${
                      request.status === undefined
                        ? 'waiting'
                        : request.status === 0
                          ? 'no answer'
                          : request.status
                    }`}
                    data-outcome={request.outcome}
                  />
                ))}
            </div>
          </div>
        ))}
      </div>
      <div className="timeline-axis">
        <span>{clock(from)}</span>
        <span>now</span>
      </div>
    </Panel>
  );
}
