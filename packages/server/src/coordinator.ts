/**
 * How the instances of a deployment agree on who renews a session. Keys name a
 * refresh token by its SHA-256, never by its value; values are sealed with the
 * server's secret. The renewal protocol (`createServerIdentity`):
 *
 * 1. `read(key)`: a renewal already published for this refresh token answers at once
 *    (a request that still carried the old cookie gets the new tokens, not a second refresh).
 * 2. `claim(key, ttlMs)`: exactly one caller at a time gets a claim id and renews.
 * 3. `publish(key, value, ttlMs, claim)`: the result, kept `ttlMs`, and the claim released;
 *    or `release(key, claim)` after a failure, so a waiter may try.
 *
 * Implementations: {@link memoryCoordinator} (one process) and `redisCoordinator(client)`.
 *
 * @example
 * ```ts
 * import { createServerIdentity, memoryCoordinator, type SessionCoordinator } from '@site-identity/server';
 * declare const clientId: string, secret: string;
 *
 * const coordinator: SessionCoordinator = memoryCoordinator();
 * const identity = createServerIdentity({ clientId, secret, coordinator });
 * ```
 */
export interface SessionCoordinator {
  /** The published value of `key`, or `null`. */
  read(key: string): Promise<string | null>;
  /** A claim id when this caller now holds `key` for `ttlMs`, else `null`. */
  claim(key: string, ttlMs: number): Promise<string | null>;
  /** Keeps `value` under `key` for `ttlMs` and releases `claim`. */
  publish(key: string, value: string, ttlMs: number, claim: string): Promise<void>;
  /** Releases `claim` if it still holds `key`. */
  release(key: string, claim: string): Promise<void>;
}

/** A claim id: unguessable, so that only its holder releases it. @internal */
export const newClaimId = (): string => crypto.randomUUID();

/**
 * A {@link SessionCoordinator} in this process's memory: the default, right for
 * a single instance. Entries expire by time; nothing runs in the background.
 *
 * @param now - The clock in epoch milliseconds. Default `Date.now`.
 *
 * @example
 * ```ts
 * import { createServerIdentity, memoryCoordinator } from '@site-identity/server';
 * declare const clientId: string, secret: string;
 *
 * const identity = createServerIdentity({ clientId, secret, coordinator: memoryCoordinator() });
 * ```
 */
export function memoryCoordinator(now: () => number = Date.now): SessionCoordinator {
  const claims = new Map<string, { id: string; until: number }>();
  const values = new Map<string, { value: string; until: number }>();
  /** Drops what has expired, so the maps hold only live entries. */
  const sweep = () => {
    const t = now();
    for (const [key, entry] of claims) if (entry.until <= t) claims.delete(key);
    for (const [key, entry] of values) if (entry.until <= t) values.delete(key);
  };
  return {
    async read(key) {
      sweep();
      return values.get(key)?.value ?? null;
    },
    async claim(key, ttlMs) {
      sweep();
      if (claims.has(key)) return null;
      const id = newClaimId();
      claims.set(key, { id, until: now() + ttlMs });
      return id;
    },
    async publish(key, value, ttlMs, claim) {
      values.set(key, { value, until: now() + ttlMs });
      if (claims.get(key)?.id === claim) claims.delete(key);
    },
    async release(key, claim) {
      if (claims.get(key)?.id === claim) claims.delete(key);
    },
  };
}
