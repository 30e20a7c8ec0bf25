import { describe, expect, it, test } from 'vitest';
import { isMockPlatformError, MockPlatformError } from './errors';

describe('MockPlatformError', () => {
  it('carries a name, a code and a cause', () => {
    const cause = new Error('root');
    const error = new MockPlatformError('INVALID_OPTION', 'bad', { cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message, error.cause]).toEqual([
      'MockPlatformError',
      'INVALID_OPTION',
      'bad',
      cause,
    ]);
  });

  test.each([
    [new MockPlatformError('X', 'x'), true],
    [{ name: 'MockPlatformError', code: 'X', message: 'from another realm' }, true],
    [new Error('plain'), false],
    [{ name: 'MockPlatformError' }, false],
    [null, false],
    ['MockPlatformError', false],
  ])('isMockPlatformError(%j) is %s', (value, expected) => {
    expect(isMockPlatformError(value)).toBe(expected);
  });
});
