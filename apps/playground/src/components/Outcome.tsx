import type { ReactNode } from 'react';

export type OutcomeTone = 'ok' | 'info' | 'warn' | 'bad';

/** One line behind the details toggle: a label and its value (code, status, request id…). */
export type OutcomeFact = readonly [label: string, value: string];

/** What a flow ended with: a sentence, an optional hint, and the technical facts behind a toggle. */
export interface OutcomeValue {
  readonly tone: OutcomeTone;
  readonly message: string;
  readonly detail?: ReactNode;
  readonly facts?: readonly OutcomeFact[];
}

/**
 * The one component for every result: a thrown error, a login result that did not
 * log in, or a success. While the action runs it says "Working…" with the step in
 * progress instead of the previous result.
 */
export function Outcome({
  value,
  working,
  label,
}: {
  readonly value: OutcomeValue | undefined;
  readonly working?: string | undefined;
  readonly label: string;
}) {
  if (working !== undefined)
    return (
      <div className="outcome working" role="status" aria-label={label} aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <strong>Working…</strong>
        {working ? <span className="detail">{working}</span> : null}
      </div>
    );
  if (!value) return null;
  return (
    <div className={`outcome ${value.tone}`} role="status" aria-label={label}>
      <strong>{value.message}</strong>
      {value.detail ? <span className="detail">{value.detail}</span> : null}
      {value.facts && value.facts.length > 0 ? (
        <details className="facts-toggle">
          <summary>Details</summary>
          <ul>
            {value.facts.map(([name, text]) => (
              <li key={name}>
                <span className="fact-name">{name}</span>: <code>{text}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
