import { invalid } from '@site-identity/http/internal';
import type { SessionCoordinator } from './coordinator';
import { newClaimId } from './coordinator';
import { invalidArgument } from './server-identity-error';

/**
 * What {@link redisCoordinator} needs of a Redis client: `sendCommand` of the
 * `redis` package (node-redis 4 and later), connected. Any client with the same
 * method fits.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import type { RedisCommandClient } from '@site-identity/server';
 *
 * const client: RedisCommandClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>;
}

/** Deletes KEYS[1] only while it still holds ARGV[1]: a late holder never releases a newer claim. */
const RELEASE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Stores the result, then releases the claim if it is still ours, in one step. */
const PUBLISH =
  "redis.call('set', KEYS[2], ARGV[2], 'PX', ARGV[3]) if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end return 1";

/**
 * A {@link SessionCoordinator} on Redis, shared by every instance that talks to
 * the same server: a claim is `SET key id NX PX ttl`, released by a script that
 * checks the id; results are plain keys with a time to live. Keys start with
 * `prefix` (default `site-identity:`) and name a refresh token by its hash;
 * values are sealed with the server's secret, so Redis never holds a token in the clear.
 *
 * @param client - A connected `redis` client (`createClient().connect()`).
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { createServerIdentity, redisCoordinator } from '@site-identity/server';
 * declare const clientId: string, secret: string;
 *
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const identity = createServerIdentity({ clientId, secret, coordinator: redisCoordinator(client) });
 * ```
 */
export function redisCoordinator(
  client: RedisCommandClient,
  { prefix = 'site-identity:' }: { prefix?: string } = {},
): SessionCoordinator {
  if (typeof client?.sendCommand !== 'function')
    throw invalid(
      { name: 'client', expected: 'a connected redis client (with sendCommand)', value: client },
      invalidArgument,
    );
  const lock = (key: string) => `${prefix}renewing:${key}`;
  const result = (key: string) => `${prefix}renewed:${key}`;
  const ms = (value: number) => String(Math.max(1, Math.ceil(value)));
  return {
    async read(key) {
      const value = await client.sendCommand(['GET', result(key)]);
      return typeof value === 'string' ? value : null;
    },
    async claim(key, ttlMs) {
      const id = newClaimId();
      const answer = await client.sendCommand(['SET', lock(key), id, 'NX', 'PX', ms(ttlMs)]);
      return answer === 'OK' ? id : null;
    },
    async publish(key, { value, ttlMs, claim }) {
      await client.sendCommand([
        'EVAL',
        PUBLISH,
        '2',
        lock(key),
        result(key),
        claim,
        value,
        ms(ttlMs),
      ]);
    },
    async release(key, claim) {
      await client.sendCommand(['EVAL', RELEASE, '1', lock(key), claim]);
    },
  };
}
