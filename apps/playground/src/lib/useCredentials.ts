import { useCallback, useState } from 'react';
import { usePlayground } from '../PlaygroundContext';
import { usePrefill, type Credentials } from './prefill';

/** An e-mail and a password typed into a panel's form (see `CredentialsFields`). */
export interface CredentialsState extends Credentials {
  setEmail(email: string): void;
  setPassword(password: string): void;
}

/**
 * The e-mail and password of one panel's form. With `prefilled`, the credentials
 * another panel hands over ("Add a test member") replace what was typed.
 */
export function useCredentials({
  prefilled = false,
}: { prefilled?: boolean } = {}): CredentialsState {
  const { prefill } = usePlayground();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  usePrefill(
    prefill,
    useCallback(
      (credentials: Credentials) => {
        if (!prefilled) return;
        setEmail(credentials.email);
        setPassword(credentials.password);
      },
      [prefilled],
    ),
  );
  return { email, password, setEmail, setPassword };
}
