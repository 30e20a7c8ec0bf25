import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { isPlatformError, PlatformError } from './platform-error';
import { toPlatformError } from './to-platform-error';

describe('PlatformError', () => {
  test('carries every field, defaults included', () => {
    const error = new PlatformError('Not Found', {
      kind: 'application',
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'PlatformError',
      message: 'Not Found',
      kind: 'application',
      code: 'NOT_FOUND',
      status: 404,
      requestId: undefined,
      retryable: false,
      fieldViolations: [],
      description: undefined,
      data: undefined,
      response: undefined,
    });
    expect('cause' in error).toBe(false);
  });

  test('keeps the raw response non-enumerable, so logging the error does not dump it', () => {
    const response = new Response('{}', { status: 503 });
    const error = new PlatformError('x', {
      kind: 'http',
      code: 'SERVICE_UNAVAILABLE',
      response,
      cause: 'c',
    });
    expect(error.response).toBe(response);
    expect(Object.keys(error)).not.toContain('response');
    expect(JSON.stringify(error)).not.toContain('Response');
    expect(error.cause).toBe('c');
  });
});

/** What every copy of the package puts on a PlatformError's prototype: the one brand. */
const branded = {
  get [Symbol.for('site-identity.error')]() {
    return ['PlatformError', 'SiteIdentityError'];
  },
};

describe('isPlatformError', () => {
  test.each([
    ['a PlatformError', new PlatformError('x', { kind: 'system', code: 'UNKNOWN' }), true],
    [
      'one from another copy of the package (it carries the one brand)',
      Object.assign(Object.create(branded), {
        kind: 'network',
        code: 'NETWORK_ERROR',
        fieldViolations: [],
      }),
      true,
    ],
    [
      'a look-alike with the name and the fields but not the brand',
      Object.assign(new Error('x'), {
        name: 'PlatformError',
        kind: 'network',
        code: 'NETWORK_ERROR',
        fieldViolations: [],
      }),
      false,
    ],
    [
      'a branded look-alike without its fields',
      Object.assign(Object.create(branded), { kind: 'network' }),
      false,
    ],
    [
      'a look-alike without code and field violations',
      Object.assign(new Error('x'), { name: 'PlatformError', kind: 'network' }),
      false,
    ],
    ['a plain Error', new Error('PlatformError'), false],
    ['an object named PlatformError without a kind', { name: 'PlatformError' }, false],
    ['null', null, false],
    ['a string', 'PlatformError', false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isPlatformError(value)).toBe(expected);
  });

  test('recognises an error made in another realm', () => {
    const foreign: unknown = runInNewContext(
      'class PlatformError extends Error { get [Symbol.for("site-identity.error")]() { return ["PlatformError", "SiteIdentityError"] } name = "PlatformError"; kind = "network"; code = "NETWORK_ERROR"; fieldViolations = [] }; new PlatformError("x")',
    );
    expect(foreign instanceof PlatformError).toBe(false);
    expect(isPlatformError(foreign)).toBe(true);
  });
});

describe('toPlatformError', () => {
  test('returns a PlatformError unchanged', () => {
    const error = new PlatformError('x', { kind: 'timeout', code: 'TIMEOUT' });
    expect(toPlatformError(error)).toBe(error);
  });

  const named = (name: string) => Object.assign(new Error('secret-token-value'), { name });
  test.each([
    ['a TimeoutError', named('TimeoutError'), 'timeout', 'TIMEOUT', true],
    ['an AbortError', new DOMException('stop', 'AbortError'), 'aborted', 'ABORTED', false],
    ['a fetch TypeError', new TypeError('Failed to fetch'), 'network', 'NETWORK_ERROR', true],
    ['a plain Error', new Error('secret-token-value'), 'system', 'UNKNOWN', false],
    ['a string', 'secret-token-value', 'system', 'UNKNOWN', false],
    ['undefined', undefined, 'system', 'UNKNOWN', false],
  ])('wraps %s as kind %s', (_label, thrown, kind, code, retryable) => {
    const error = toPlatformError(thrown);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind, code, retryable });
    expect(error.cause).toBe(thrown);
    expect(error.message).not.toContain('secret-token-value');
  });
});

describe('the brand', () => {
  test('covers a subclass with its own name', () => {
    class LoginError extends PlatformError {
      override name = 'LoginError' as never;
    }
    const error = new LoginError('x', { kind: 'application', code: 'X' });
    expect(isPlatformError(error)).toBe(true);
  });

  test('a look-alike with the name but no fields is still refused', () => {
    expect(isPlatformError({ name: 'PlatformError' })).toBe(false);
  });
});
