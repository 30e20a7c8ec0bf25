import { describe, expect, test } from 'vitest';
import { untilAborted } from './checks';
import { isPlatformError } from './platform-error';

const mine = (signal: AbortSignal) => new Error(`mine: ${String(signal.reason)}`);

describe('untilAborted', () => {
  test('without a signal it is the work itself', async () => {
    await expect(untilAborted(Promise.resolve(1), undefined, mine)).resolves.toBe(1);
  });

  test("an abort rejects the caller's wait with the caller's error; the shared work goes on", async () => {
    let finish: (value: string) => void = () => undefined;
    const shared = new Promise<string>((resolve) => (finish = resolve));
    const controller = new AbortController();
    const wait = untilAborted(shared, controller.signal, mine);
    controller.abort('moved on');
    await expect(wait).rejects.toThrow('mine: moved on');
    finish('done');
    await expect(shared).resolves.toBe('done');
  });

  test('an already aborted signal rejects at once', async () => {
    await expect(untilAborted(Promise.resolve(1), AbortSignal.abort('x'), mine)).rejects.toThrow(
      'mine: x',
    );
  });

  test('a failure of the work reaches the caller', async () => {
    const controller = new AbortController();
    await expect(
      untilAborted(Promise.reject(new Error('boom')), controller.signal, mine),
    ).rejects.toThrow('boom');
  });

  test.each([
    [42, 'signal must be an AbortSignal; got 42'],
    [{}, 'signal must be an AbortSignal; got an object'],
  ])('a signal %j that is not an AbortSignal is INVALID_OPTIONS: %s', async (signal, message) => {
    const error: unknown = await untilAborted(Promise.resolve(1), signal as never, mine).catch(
      (e: unknown) => e,
    );
    expect(isPlatformError(error) && [error.code, error.message]).toEqual([
      'INVALID_OPTIONS',
      message,
    ]);
  });

  test('an aborted error factory that makes no error gives PlatformError ABORTED', async () => {
    const error: unknown = await untilAborted(
      Promise.resolve(1),
      AbortSignal.abort(),
      (() => undefined) as never,
    ).catch((e: unknown) => e);
    expect(isPlatformError(error) && [error.kind, error.code]).toEqual(['aborted', 'ABORTED']);
  });
});
