import { describe, expect, test, vi } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  test('concurrent calls share one run and its result', async () => {
    const task = vi.fn(async () => 42);
    const run = singleFlight(task);
    const results = await Promise.all(Array.from({ length: 100 }, run));
    expect(task).toHaveBeenCalledTimes(1);
    expect(new Set(results)).toEqual(new Set([42]));
  });

  test('a failure reaches every waiter and the next call runs again', async () => {
    const task = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('up');
    const run = singleFlight(task as () => Promise<string>);
    const outcomes = await Promise.allSettled([run(), run(), run()]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await expect(run()).resolves.toBe('up');
    expect(task).toHaveBeenCalledTimes(2);
  });
});
