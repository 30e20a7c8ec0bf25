import { describe, expect, test } from 'vitest';
import { optionalSignal } from './checks';

const invalid = (message: string) => new RangeError(message);

describe('optionalSignal', () => {
  test('an AbortSignal or nothing comes back as it is', () => {
    const signal = new AbortController().signal;
    expect(optionalSignal(signal, 'signal', invalid)).toBe(signal);
    expect(optionalSignal(undefined, 'signal', invalid)).toBeUndefined();
  });

  test.each([
    [42, 'signal must be an AbortSignal; got 42'],
    ['stop', 'signal must be an AbortSignal; got "stop"'],
    [null, 'signal must be an AbortSignal; got null'],
    [{ aborted: false }, 'signal must be an AbortSignal; got an object'],
  ])('%j is refused: %s', (value, message) => {
    expect(() => optionalSignal(value, 'signal', invalid)).toThrow(new RangeError(message));
  });
});
