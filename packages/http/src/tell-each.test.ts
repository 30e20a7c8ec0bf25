import { describe, expect, test, vi } from 'vitest';
import { tellEach } from './tell-each';

/** Lets queued microtasks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tellEach', () => {
  test('tells every listener the value, after the caller has gone on', async () => {
    const heard: string[] = [];
    const listeners = new Set([
      (v: string) => heard.push(`a:${v}`),
      (v: string) => heard.push(`b:${v}`),
    ]);
    tellEach(listeners, 'x');
    heard.push('caller');
    await settled();
    expect(heard).toEqual(['caller', 'a:x', 'b:x']);
  });

  test('a listener removed before its turn is not told', async () => {
    const second = vi.fn();
    const listeners = new Set<(v: number) => void>();
    listeners.add(() => listeners.delete(second));
    listeners.add(second);
    tellEach(listeners, 1);
    await settled();
    expect(second).not.toHaveBeenCalled();
  });

  test('a listener that throws stops none of the others; its error is still seen', async () => {
    const uncaught = vi.fn();
    process.on('uncaughtException', uncaught);
    try {
      const after = vi.fn();
      tellEach(
        new Set([
          () => {
            throw new Error('listener failed');
          },
          after,
        ]),
        'x',
      );
      await settled();
      expect(after).toHaveBeenCalledWith('x');
      expect(uncaught).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'listener failed' }),
        expect.anything(),
      );
    } finally {
      process.off('uncaughtException', uncaught);
    }
  });
});
