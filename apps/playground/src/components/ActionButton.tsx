import type { ReactNode } from 'react';
import type { OutcomeValue } from './Outcome';
import type { Action, ReportStep } from '../lib/useAction';

interface ActionButtonProps {
  /** The panel's action (`useAction()`): the click runs through it, and the button waits for it. */
  readonly action: Action;
  /** What the click does; its value is the result the panel shows. */
  readonly onRun: (report: ReportStep) => Promise<OutcomeValue | undefined>;
  /** The button is disabled for another reason than a run in progress. */
  readonly disabled?: boolean;
  readonly className?: string | undefined;
  readonly children: ReactNode;
}

/** A button of a panel that runs one flow through the panel's action, disabled while one runs. */
export function ActionButton({
  action,
  onRun,
  disabled = false,
  className,
  children,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={className}
      disabled={action.busy || disabled}
      onClick={() => void action.run(onRun)}
    >
      {children}
    </button>
  );
}
