import { Profiler, type ReactNode } from 'react';
import type { SessionListener, SessionSnapshot, Tokens, TokenRole } from '@site-identity/tokens';

/** A token set of `role` whose values are obviously fake. */
export function tokensOf(role: TokenRole, expiresAt = 2_000_000_000): Tokens {
  return {
    accessToken: { value: `access-${role}`, expiresAt },
    refreshToken: { value: `refresh-${role}`, role },
  };
}

/** A frozen snapshot, as the token manager makes them. */
export function snapshotOf(
  status: SessionSnapshot['status'],
  tokens: Tokens | null = null,
): SessionSnapshot {
  return Object.freeze({ status, tokens });
}

/** A stand-in for the token manager's snapshot and subscriptions, driven by the test. */
export function fakeSession(initial: SessionSnapshot = snapshotOf('loading')) {
  let snapshot = initial;
  const listeners = new Set<SessionListener>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: SessionListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Publishes `next` to every subscriber. */
    publish(next: SessionSnapshot) {
      snapshot = next;
      for (const listener of listeners) listener(next, 'TOKENS_REFRESHED');
    },
    /** Tells subscribers without changing the snapshot. */
    poke() {
      for (const listener of listeners) listener(snapshot);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** Wraps `children` in a Profiler that counts commits into `counter.commits`. */
export function Counted({
  counter,
  children,
}: {
  counter: { commits: number };
  children: ReactNode;
}) {
  return (
    <Profiler
      id="counted"
      onRender={() => {
        counter.commits++;
      }}
    >
      {children}
    </Profiler>
  );
}
