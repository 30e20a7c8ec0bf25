import { describe, expect, test } from 'vitest';
import { isPlatformError } from './platform-error';
import { signalOf, untilAborted } from './signal';

const make = (message: string) => new RangeError(message);

describe('signalOf', () => {
  test('an AbortSignal or nothing comes back as it is', () => {
    const signal = new AbortController().signal;
    expect(signalOf({ signal }, make)).toBe(signal);
    expect(signalOf({}, make)).toBeUndefined();
    expect(signalOf(undefined, make)).toBeUndefined();
    expect(signalOf(null, make)).toBeUndefined();
  });

  test.each([
    [42, 'signal must be an AbortSignal; got 42'],
    ['stop', 'signal must be an AbortSignal; got "stop"'],
    [null, 'signal must be an AbortSignal; got null'],
    [{ aborted: false }, 'signal must be an AbortSignal; got an object'],
  ])("%j is refused with the caller's error: %s", (signal, message) => {
    expect(() => signalOf({ signal }, make)).toThrow(new RangeError(message));
  });
});

describe('untilAborted', () => {
  test('without a signal it is the work itself', async () => {
    await expect(untilAborted(async () => 1, undefined, make)).resolves.toBe(1);
    await expect(untilAborted(async () => 1, {}, make)).resolves.toBe(1);
  });

  test("an abort rejects the caller's wait with the one abort error; the shared work goes on", async () => {
    let finish: (value: string) => void = () => undefined;
    const shared = new Promise<string>((resolve) => (finish = resolve));
    const controller = new AbortController();
    const wait = untilAborted(() => shared, controller, make);
    controller.abort('moved on');
    const error: unknown = await wait.catch((e: unknown) => e);
    expect(isPlatformError(error) && [error.kind, error.code, error.message, error.cause]).toEqual([
      'aborted',
      'ABORTED',
      'The call was aborted by its signal',
      'moved on',
    ]);
    finish('done');
    await expect(shared).resolves.toBe('done');
  });

  test('an already aborted signal rejects at once and starts nothing', async () => {
    let started = false;
    const error: unknown = await untilAborted(
      async () => (started = true),
      { signal: AbortSignal.abort('x') },
      make,
    ).catch((e: unknown) => e);
    expect(isPlatformError(error) && [error.code, error.cause]).toEqual(['ABORTED', 'x']);
    expect(started).toBe(false);
  });

  test('a failure of the work reaches the caller, also one thrown before a promise', async () => {
    const controller = new AbortController();
    await expect(
      untilAborted(async () => Promise.reject(new Error('boom')), controller, make),
    ).rejects.toThrow('boom');
    await expect(
      untilAborted(
        () => {
          throw new Error('at once');
        },
        controller,
        make,
      ),
    ).rejects.toThrow('at once');
  });

  test.each([
    [42, 'signal must be an AbortSignal; got 42'],
    [{}, 'signal must be an AbortSignal; got an object'],
  ])(
    "a signal %j that is not an AbortSignal rejects with the caller's error: %s",
    async (signal, message) => {
      let started = false;
      await expect(untilAborted(async () => (started = true), { signal }, make)).rejects.toThrow(
        new RangeError(message),
      );
      expect(started).toBe(false);
    },
  );
});
