import { useState, type ReactNode } from 'react';
import type { OutcomeValue } from './Outcome';
import { ActionForm } from './ActionForm';
import { MemberSelect } from './MemberSelect';
import { Outcome } from './Outcome';
import { useAction } from '../lib/useAction';

interface MemberCallFormProps {
  /** The button that makes the call. */
  readonly submit: string;
  /** The accessible name of the result. */
  readonly resultLabel: string;
  /** More fields, between the member and the button. */
  readonly children?: ReactNode;
  readonly call: (memberId: string) => Promise<OutcomeValue>;
}

/** A call made for one member of the mock platform, chosen by id, with its result. */
export function MemberCallForm({ submit, resultLabel, children, call }: MemberCallFormProps) {
  const [memberId, setMemberId] = useState('');
  const action = useAction();
  return (
    <>
      <ActionForm action={action} submit={submit} onSubmit={() => call(memberId)}>
        <MemberSelect value={memberId} onChange={setMemberId} />
        {children}
      </ActionForm>
      <Outcome value={action.outcome} working={action.working} label={resultLabel} />
    </>
  );
}
