import { describe, expect, test } from 'vitest';
import { memoryCoordinator } from './coordinator';

/** A memory coordinator on a clock the test moves. */
function atTime() {
  let t = 1_000;
  return { coordinator: memoryCoordinator(() => t), pass: (ms: number) => (t += ms) };
}

describe('memoryCoordinator', () => {
  test('publish keeps the value for its time to live and releases the claim', async () => {
    const { coordinator, pass } = atTime();
    expect(await coordinator.read('k')).toBeNull();
    const claim = await coordinator.claim('k', 5_000);
    expect(await coordinator.claim('k', 5_000)).toBeNull();
    await coordinator.publish('k', { value: 'sealed-result', ttlMs: 200, claim: claim! });
    expect(await coordinator.read('k')).toBe('sealed-result');
    expect(await coordinator.claim('k', 5_000)).toEqual(expect.any(String));
    pass(199);
    expect(await coordinator.read('k')).toBe('sealed-result');
    pass(1);
    expect(await coordinator.read('k')).toBeNull();
  });

  test("publish with another caller's claim id stores the value and leaves the claim held", async () => {
    const { coordinator } = atTime();
    const claim = await coordinator.claim('k', 5_000);
    await coordinator.publish('k', { value: 'v', ttlMs: 5_000, claim: 'not-the-holder' });
    expect(await coordinator.read('k')).toBe('v');
    expect(await coordinator.claim('k', 5_000)).toBeNull();
    await coordinator.release('k', claim!);
    expect(await coordinator.claim('k', 5_000)).toEqual(expect.any(String));
  });

  test('a claim expires with its time to live (a holder that died)', async () => {
    const { coordinator, pass } = atTime();
    expect(await coordinator.claim('k', 100)).toEqual(expect.any(String));
    pass(99);
    expect(await coordinator.claim('k', 100)).toBeNull();
    pass(1);
    expect(await coordinator.claim('k', 100)).toEqual(expect.any(String));
  });
});
