import { useMockWatch } from '../lib/mockWatch';
import { usePlayground } from '../PlaygroundContext';

/** Picks a member of the mock platform by id (what the server-side calls take), newest first. */
export function MemberSelect({
  value,
  onChange,
  label = 'Member',
}: {
  readonly value: string;
  readonly onChange: (id: string) => void;
  readonly label?: string;
}) {
  const { mock } = usePlayground();
  const members = [...(useMockWatch(mock).state?.members ?? [])].reverse();
  return (
    <label className="field">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">
          {members.length === 0 ? 'no member yet: add or register one' : 'choose a member'}
        </option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.email}
            {member.hasPassword ? '' : ' (no password)'}
            {member.emailVerified ? '' : ' (unverified)'}
          </option>
        ))}
      </select>
    </label>
  );
}
