import { describe, expect, it, test } from 'vitest';
import { isMockPlatformError, MockPlatformError } from './mock-platform-error';

describe('MockPlatformError', () => {
  it('carries a name, a code and a cause', () => {
    const cause = new Error('root');
    const error = new MockPlatformError('bad', { code: 'INVALID_OPTION', cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message, error.cause]).toEqual([
      'MockPlatformError',
      'INVALID_OPTION',
      'bad',
      cause,
    ]);
  });

  it('has no cause property without a cause', () => {
    expect('cause' in new MockPlatformError('x', { code: 'INVALID_OPTION' })).toBe(false);
  });

  test.each([
    [new MockPlatformError('x', { code: 'X' }), true],
    [new (class extends MockPlatformError {})('x', { code: 'X' }), true],
    [
      Object.assign(
        Object.create({
          get [Symbol.for('site-identity.error')]() {
            return ['MockPlatformError', 'SiteIdentityError'];
          },
        }) as object,
        { code: 'X', message: 'from another copy or realm' },
      ),
      true,
    ],
    [{ name: 'MockPlatformError', code: 'X', message: 'a look-alike without the brand' }, false],
    [new Error('plain'), false],
    [{ name: 'MockPlatformError' }, false],
    [null, false],
    ['MockPlatformError', false],
  ])('isMockPlatformError(%j) is %s', (value, expected) => {
    expect(isMockPlatformError(value)).toBe(expected);
  });
});

test('the constructor takes a MockPlatformErrorInit: its code and cause, nothing else', () => {
  const cause = new Error('EADDRINUSE');
  const error = new MockPlatformError('port 4999 is taken', { code: 'SERVER_START_FAILED', cause });
  expect([error.name, error.code, error.cause]).toEqual([
    'MockPlatformError',
    'SERVER_START_FAILED',
    cause,
  ]);
  // A field of another error class is refused by the type (it was accepted untyped).
  // @ts-expect-error -- a MockPlatformError carries no response
  const untyped = new MockPlatformError('x', { code: 'INVALID_OPTION', response: new Response() });
  expect(untyped.code).toBe('INVALID_OPTION');
});
