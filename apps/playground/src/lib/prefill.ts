import { useEffect } from 'react';

/** An e-mail and password one panel hands to the others ("Log in as this member"). */
export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** A tiny broadcast of credentials to the panels with login forms. */
export interface Prefill {
  send(credentials: Credentials): void;
  subscribe(listener: (credentials: Credentials) => void): () => void;
}

export function createPrefill(): Prefill {
  const listeners = new Set<(credentials: Credentials) => void>();
  return {
    send(credentials) {
      for (const listener of listeners) listener(credentials);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Calls `apply` with every credentials another panel hands over. */
export function usePrefill(prefill: Prefill, apply: (credentials: Credentials) => void): void {
  useEffect(() => prefill.subscribe(apply), [prefill, apply]);
}
