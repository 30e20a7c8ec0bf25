/**
 * How the instances of a deployment agree on who renews a session. Keys name a
 * refresh token by its SHA-256, never by its value; values are sealed with the
 * server's secret. The renewal protocol (`createServerIdentity`):
 *
 * 1. `read(key)`: a renewal already published for this refresh token answers at once
 *    (a request that still carried the old cookie gets the new tokens, not a second refresh).
 * 2. `claim(key, ttlMs)`: exactly one caller at a time gets a claim id and renews.
 * 3. `publish(key, { value, ttlMs, claim })`: the result, kept `ttlMs`, and the claim
 *    released; or `release(key, claim)` after a failure, so a waiter may try.
 *
 * Implementations: {@link memoryCoordinator} (one process) and `redisCoordinator(client)`;
 * another shared store fits when it can set a key only if absent and delete a key only
 * while it holds a given value, both atomically.
 *
 * @example
 * ```ts
 * import { createServerIdentity, type SessionCoordinator } from '@site-identity/server';
 * declare const clientId: string, secret: string;
 * // A shared store whose setIfAbsent and deleteIfEqual are atomic.
 * declare const store: {
 *   get(key: string): Promise<string | null>;
 *   set(key: string, value: string, ttlMs: number): Promise<void>;
 *   setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
 *   deleteIfEqual(key: string, value: string): Promise<void>;
 * };
 *
 * const coordinator: SessionCoordinator = {
 *   read: (key) => store.get(`renewed:${key}`),
 *   async claim(key, ttlMs) {
 *     const id = crypto.randomUUID();
 *     return (await store.setIfAbsent(`renewing:${key}`, id, ttlMs)) ? id : null;
 *   },
 *   async publish(key, { value, ttlMs, claim }) {
 *     await store.set(`renewed:${key}`, value, ttlMs);
 *     await store.deleteIfEqual(`renewing:${key}`, claim);
 *   },
 *   release: (key, claim) => store.deleteIfEqual(`renewing:${key}`, claim),
 * };
 * const identity = createServerIdentity({ clientId, secret, coordinator });
 * ```
 */
export interface SessionCoordinator {
  /** The published value of `key`, or `null`. */
  read(key: string): Promise<string | null>;
  /** A claim id when this caller now holds `key` for `ttlMs`, else `null`. */
  claim(key: string, ttlMs: number): Promise<string | null>;
  /** Keeps `value` under `key` for `ttlMs` and releases `claim` if it still holds `key`. */
  publish(key: string, publication: CoordinatorPublication): Promise<void>;
  /** Releases `claim` if it still holds `key`. */
  release(key: string, claim: string): Promise<void>;
}

/**
 * What {@link SessionCoordinator}'s `publish` is given: the result to keep, for how
 * long, and the claim it releases.
 *
 * @example
 * ```ts
 * import type { CoordinatorPublication, SessionCoordinator } from '@site-identity/server';
 * declare const coordinator: SessionCoordinator, key: string, claim: string, sealed: string;
 *
 * const publication: CoordinatorPublication = { value: sealed, ttlMs: 60_000, claim };
 * await coordinator.publish(key, publication);
 * ```
 */
export interface CoordinatorPublication {
  /** The renewal's result, sealed with the server's secret: what `read(key)` answers from now on. */
  readonly value: string;
  /** How long `value` is kept, in milliseconds. */
  readonly ttlMs: number;
  /** The claim id that `claim(key, …)` gave: released if it still holds the key. */
  readonly claim: string;
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
    async publish(key, { value, ttlMs, claim }) {
      values.set(key, { value, until: now() + ttlMs });
      if (claims.get(key)?.id === claim) claims.delete(key);
    },
    async release(key, claim) {
      if (claims.get(key)?.id === claim) claims.delete(key);
    },
  };
}
