import { useSyncExternalStore } from 'react';
import type { TokenManager } from '@site-identity/tokens';

/**
 * Counts the changes of the session that make a shown result stale: a sign-in, a
 * sign-out or an expiry (here or in another tab), and a renewal error appearing.
 * A result remembers the count it was shown at and disappears once it moves on.
 */
export interface SessionEpoch {
  get(): number;
  subscribe(listener: () => void): () => void;
}

export function createSessionEpoch(tokens: TokenManager): SessionEpoch {
  let epoch = 0;
  let lastError: unknown;
  const listeners = new Set<() => void>();
  tokens.subscribe((snapshot, event) => {
    let changed = event === 'SIGNED_IN' || event === 'SIGNED_OUT' || event === 'SESSION_EXPIRED';
    if (snapshot.error !== lastError) {
      if (snapshot.error) changed = true;
      lastError = snapshot.error;
    }
    if (changed) epoch++;
    for (const listener of listeners) listener();
  });
  return {
    get: () => epoch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSessionEpoch(store: SessionEpoch): number {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
