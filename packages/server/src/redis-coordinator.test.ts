import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { redisCoordinator } from './redis-coordinator';
import { startRedis } from './redis-test-server';

const PORT = 4490;
let redis: Awaited<ReturnType<typeof startRedis>>;
let client: ReturnType<typeof createClient>;

beforeAll(async () => {
  redis = await startRedis(PORT);
  client = createClient({ url: redis.url });
  await client.connect();
}, 20_000);

afterAll(async () => {
  await client?.quit();
  await redis?.stop();
});

describe('redisCoordinator on a real redis-server', () => {
  test('one claim at a time; a foreign claim id releases nothing; release frees it', async () => {
    const coordinator = redisCoordinator(client, { prefix: 't1:' });
    const claim = await coordinator.claim('k', 5_000);
    expect(claim).toEqual(expect.any(String));
    expect(await coordinator.claim('k', 5_000)).toBeNull();
    await coordinator.release('k', 'not-the-holder');
    expect(await coordinator.claim('k', 5_000)).toBeNull();
    await coordinator.release('k', claim!);
    expect(await coordinator.claim('k', 5_000)).toEqual(expect.any(String));
  });

  test('concurrent claims from many connections: exactly one wins', async () => {
    const others = await Promise.all(
      Array.from({ length: 5 }, () => createClient({ url: redis.url }).connect()),
    );
    try {
      const claims = await Promise.all(
        others.flatMap((c) =>
          Array.from({ length: 10 }, () =>
            redisCoordinator(c, { prefix: 't2:' }).claim('k', 5_000),
          ),
        ),
      );
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
    } finally {
      await Promise.all(others.map((c) => c.quit()));
    }
  });

  test('publish stores the value for its time to live and releases the claim', async () => {
    const coordinator = redisCoordinator(client, { prefix: 't3:' });
    expect(await coordinator.read('k')).toBeNull();
    const claim = await coordinator.claim('k', 5_000);
    await coordinator.publish('k', { value: 'sealed-result', ttlMs: 200, claim: claim! });
    expect(await coordinator.read('k')).toBe('sealed-result');
    expect(await coordinator.claim('k', 5_000)).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await coordinator.read('k')).toBeNull();
  });

  test('a claim expires with its time to live (a holder that died)', async () => {
    const coordinator = redisCoordinator(client, { prefix: 't4:' });
    expect(await coordinator.claim('k', 100)).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await coordinator.claim('k', 100)).toEqual(expect.any(String));
  });

  test('keys carry the prefix and nothing else is written', async () => {
    const coordinator = redisCoordinator(client, { prefix: 't5:' });
    const claim = await coordinator.claim('abc', 5_000);
    await coordinator.publish('abc', { value: 'v', ttlMs: 5_000, claim: claim! });
    expect((await client.keys('t5:*')).sort()).toEqual(['t5:renewed:abc']);
  });

  test.each([null, undefined, {}, { sendCommand: 1 }])(
    'redisCoordinator(%j) is a typed error',
    (bad) => {
      expect(() => redisCoordinator(bad as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
      );
    },
  );
});
