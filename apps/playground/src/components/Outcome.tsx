import type { ReactNode } from 'react';

export type OutcomeTone = 'ok' | 'info' | 'warn' | 'bad';

/** What a flow ended with: shown under the panel's form and announced politely. */
export interface OutcomeValue {
  readonly tone: OutcomeTone;
  readonly message: string;
  readonly detail?: ReactNode;
}

export function Outcome({
  value,
  label,
}: {
  readonly value: OutcomeValue | undefined;
  readonly label: string;
}) {
  if (!value) return null;
  return (
    <div className={`outcome ${value.tone}`} role="status" aria-label={label}>
      <strong>{value.message}</strong>
      {value.detail ? <span className="detail">{value.detail}</span> : null}
    </div>
  );
}
