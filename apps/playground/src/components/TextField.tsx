import type { HTMLInputTypeAttribute } from 'react';

interface TextFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: HTMLInputTypeAttribute;
  readonly autoComplete?: string;
  readonly placeholder?: string;
  readonly required?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  placeholder,
  required = false,
}: TextFieldProps) {
  return (
    <label className="field">
      {label}
      <input
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={required}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
