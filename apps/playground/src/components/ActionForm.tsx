import type { ReactNode } from 'react';
import type { Action, ReportStep } from '../lib/useAction';
import type { OutcomeValue } from './Outcome';

interface ActionFormProps {
  /** The panel's action (`useAction()`): the form runs through it and its button waits for it. */
  readonly action: Action;
  /** The text of the submit button. */
  readonly submit: string;
  /** What submitting does; its value is the result the panel shows. */
  readonly onSubmit: (report: ReportStep) => Promise<OutcomeValue | undefined>;
  /** The submit button is disabled for another reason than a run in progress. */
  readonly submitDisabled?: boolean;
  /** The fields, above the buttons. */
  readonly children?: ReactNode;
  /** Buttons before the submit button, in the same row. */
  readonly before?: ReactNode;
  /** Buttons after the submit button, in the same row. */
  readonly after?: ReactNode;
}

/**
 * The form of a panel: its fields, then a row of buttons whose submit button runs
 * `onSubmit` through the panel's action (one run at a time, "Working…" while it runs,
 * a thrown error shown as a sentence). The browser's own validation is off: the
 * library's messages are what the playground shows.
 */
export function ActionForm({
  action,
  submit,
  onSubmit,
  submitDisabled = false,
  children,
  before,
  after,
}: ActionFormProps) {
  return (
    <form
      noValidate
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(onSubmit);
      }}
    >
      {children}
      <div className="row">
        {before}
        <button type="submit" disabled={action.busy || submitDisabled}>
          {submit}
        </button>
        {after}
      </div>
    </form>
  );
}
