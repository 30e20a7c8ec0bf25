import type { CredentialsState } from '../lib/useCredentials';
import { TextField } from './TextField';

interface CredentialsFieldsProps {
  /** The form's credentials (`useCredentials()`). */
  readonly credentials: CredentialsState;
  /** `new` for a password being chosen (register), `current` for one being typed (login); default `current`. */
  readonly password?: 'current' | 'new';
  /** Show the password field; without it, the e-mail alone (a password-reset request, a sign-on). */
  readonly withPassword?: boolean;
}

/** The "E-mail" and "Password" fields of a panel's form, with the autocomplete a password manager needs. */
export function CredentialsFields({
  credentials,
  password = 'current',
  withPassword = true,
}: CredentialsFieldsProps) {
  return (
    <>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="username"
        value={credentials.email}
        onChange={credentials.setEmail}
        required
      />
      {withPassword ? (
        <TextField
          label="Password"
          type="password"
          autoComplete={`${password}-password`}
          value={credentials.password}
          onChange={credentials.setPassword}
          required
        />
      ) : null}
    </>
  );
}

interface NewPasswordFieldProps {
  readonly value: string;
  readonly onChange: (password: string) => void;
}

/** The "New password" field of a form that sets a password (a change, a reset). */
export function NewPasswordField({ value, onChange }: NewPasswordFieldProps) {
  return (
    <TextField
      label="New password"
      type="password"
      autoComplete="new-password"
      value={value}
      onChange={onChange}
      required
    />
  );
}
