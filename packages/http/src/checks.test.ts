import { describe, expect, test } from 'vitest';
import {
  absoluteUrl,
  fragmentFreeUrl,
  attempt,
  clientIdOf,
  describeValue,
  invalid,
  isRecord,
  keyedFlight,
  nonNegative,
  optionalFunction,
  optionsOf,
  requiredString,
  timeoutMs,
} from './checks';

/** The caller's invalid-argument error: what each check throws. */
class InvalidArgument extends Error {}
const make = (message: string) => new InvalidArgument(message);

/** The message `check` throws, or `undefined` when it passes. */
function refusal(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgument);
    return (error as Error).message;
  }
}

const LONG = 'x'.repeat(61);

describe('describeValue', () => {
  test.each<[string, unknown, string]>([
    ['a number', -1, '-1'],
    ['NaN', Number.NaN, 'NaN'],
    ['a boolean', true, 'true'],
    ['a bigint', 10n, '10'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['an empty string', '', 'an empty string'],
    ['a short string, quoted', 'abc', '"abc"'],
    ['a string with a quote, escaped', 'a"b', '"a\\"b"'],
    ['a string of 60, whole', 'x'.repeat(60), `"${'x'.repeat(60)}"`],
    ['a string past 60, cut', LONG, `"${'x'.repeat(60)}…"`],
    ['an array', [1], 'an array'],
    ['an object', { a: 1 }, 'an object'],
    ['a function', () => 1, 'a function'],
    ['a symbol', Symbol('s'), 'a symbol'],
  ])('%s: %s', (_label, value, shown) => {
    expect(describeValue(value)).toBe(shown);
  });
});

describe('invalid', () => {
  test('builds `<name> must be <what>; got <value>` with the caller’s error', () => {
    const error = invalid({ name: 'leewaySeconds', expected: 'a number ≥ 0', value: -1 }, make);
    expect(error).toBeInstanceOf(InvalidArgument);
    expect(error.message).toBe('leewaySeconds must be a number ≥ 0; got -1');
  });

  test('says what came by `shown` when given (a secret by its kind)', () => {
    expect(
      invalid({ name: 'token', expected: 'a JWT', value: 'secret-value', shown: 'a string' }, make)
        .message,
    ).toBe('token must be a JWT; got a string');
  });
});

describe('isRecord', () => {
  test.each<[string, unknown, boolean]>([
    ['an object', { a: 1 }, true],
    ['an object without prototype', Object.create(null), true],
    ['a class instance', new URL('https://a.example'), true],
    ['an array', [1], false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['a string', 'a', false],
    ['a function', () => 1, false],
  ])('%s: %s', (_label, value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

describe('optionsOf', () => {
  test.each<[string, unknown, unknown]>([
    ['undefined: no options', undefined, {}],
    ['null: no options', null, {}],
    ['an object: itself', { force: true }, { force: true }],
  ])('%s', (_label, value, expected) => {
    expect(optionsOf(value, 'options', make)).toEqual(expected);
  });

  test.each<[string, unknown, string]>([
    ['a string, by its kind (it may be a token)', 'eyJhbGciOi.secret', 'a string'],
    ['an array', [1], 'an array'],
    ['a number', 5, '5'],
    ['a function', () => 1, 'a function'],
  ])('%s is refused', (_label, value, shown) => {
    expect(refusal(() => optionsOf(value, 'options', make))).toBe(
      `options must be an object; got ${shown}`,
    );
  });
});

describe('requiredString', () => {
  test('a non-empty string passes as it is', () => {
    expect(requiredString(' id ', 'clientId', make)).toBe(' id ');
  });

  test.each<[string, unknown, string]>([
    ['an empty string', '', 'an empty string'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a number', 42, '42'],
    ['an object', { id: 'x' }, 'an object'],
  ])('%s is refused', (_label, value, shown) => {
    expect(refusal(() => requiredString(value, 'clientId', make))).toBe(
      `clientId must be a non-empty string; got ${shown}`,
    );
  });
});

describe('clientIdOf', () => {
  test.each<[string, unknown, { clientId?: unknown } | undefined, string]>([
    ['given, no manager', 'a', undefined, 'a'],
    ['given, a manager without one', 'a', {}, 'a'],
    ['given, the same as the manager’s', 'a', { clientId: 'a' }, 'a'],
    ['left out: the manager’s', undefined, { clientId: 'm' }, 'm'],
  ])('%s', (_label, given, tokens, expected) => {
    expect(clientIdOf(given, tokens, make)).toBe(expected);
  });

  test.each<[string, unknown, { clientId?: unknown } | undefined, string]>([
    [
      'another than the manager’s',
      'b',
      { clientId: 'a' },
      'clientId must be the token manager\'s clientId "a" or left out; got "b"',
    ],
    [
      'left out, no manager',
      undefined,
      undefined,
      'clientId must be a non-empty string; got undefined',
    ],
    [
      'left out, a manager without one',
      undefined,
      {},
      'clientId must be a non-empty string; got undefined',
    ],
    ['empty', '', { clientId: 'a' }, 'clientId must be a non-empty string; got an empty string'],
  ])('%s is refused', (_label, given, tokens, message) => {
    expect(refusal(() => clientIdOf(given, tokens, make))).toBe(message);
  });
});

describe('absoluteUrl and fragmentFreeUrl', () => {
  test.each<[string, string, string]>([
    ['https', 'https://shop.example/callback', 'https://shop.example/callback'],
    ['http with a port', 'http://127.0.0.1:5173/cb?x=1', 'http://127.0.0.1:5173/cb?x=1'],
  ])('%s passes both', (_label, value, href) => {
    expect(absoluteUrl(value, 'redirectUri', make).href).toBe(href);
    expect(fragmentFreeUrl(value, 'redirectUri', make).href).toBe(href);
  });

  test('a fragment passes absoluteUrl', () => {
    expect(absoluteUrl('https://shop.example/#done', 'apiBaseUrl', make).href).toBe(
      'https://shop.example/#done',
    );
  });

  test.each<[string, unknown, string]>([
    ['a relative path', '/callback', '"/callback"'],
    ['javascript:', 'javascript:alert(1)', '"javascript:alert(1)"'],
    ['data:', 'data:text/html,x', '"data:text/html,x"'],
    ['ftp:', 'ftp://files.example/', '"ftp://files.example/"'],
    ['not a URL', 'http://', '"http://"'],
    ['not a string', 42, '42'],
    ['undefined', undefined, 'undefined'],
  ])('%s is refused by both, naming the rule', (_label, value, shown) => {
    expect(refusal(() => absoluteUrl(value, 'redirectUri', make))).toBe(
      `redirectUri must be an absolute http or https URL; got ${shown}`,
    );
    expect(refusal(() => fragmentFreeUrl(value, 'redirectUri', make))).toBe(
      `redirectUri must be an absolute http or https URL without a fragment; got ${shown}`,
    );
  });

  test('a fragment is refused by fragmentFreeUrl, naming the rule', () => {
    expect(refusal(() => fragmentFreeUrl('https://shop.example/#x', 'redirectUri', make))).toBe(
      'redirectUri must be an absolute http or https URL without a fragment; got "https://shop.example/#x"',
    );
  });
});

describe('timeoutMs', () => {
  test.each([1, 5000, 2_147_483_647])('%s passes', (value) => {
    expect(timeoutMs(value, 'timeoutMs', make)).toBe(value);
  });

  test.each<[string, unknown, string]>([
    ['zero', 0, '0'],
    ['negative', -5, '-5'],
    ['past 2^31 − 1', 2_147_483_648, '2147483648'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['NaN', Number.NaN, 'NaN'],
    ['a numeric string', '5000', '"5000"'],
    ['null', null, 'null'],
  ])('%s is refused', (_label, value, shown) => {
    expect(refusal(() => timeoutMs(value, 'timeoutMs', make))).toBe(
      `timeoutMs must be a number of milliseconds from 1 to 2147483647; got ${shown}`,
    );
  });
});

describe('nonNegative', () => {
  test.each([0, 0.5, 60])('%s passes', (value) => {
    expect(nonNegative(value, 'leewaySeconds', make)).toBe(value);
  });

  test.each<[string, unknown, string]>([
    ['negative', -1, '-1'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['NaN', Number.NaN, 'NaN'],
    ['a string', '1', '"1"'],
  ])('%s is refused', (_label, value, shown) => {
    expect(refusal(() => nonNegative(value, 'leewaySeconds', make))).toBe(
      `leewaySeconds must be a number ≥ 0; got ${shown}`,
    );
  });
});

describe('optionalFunction', () => {
  test.each<[string, unknown]>([
    ['undefined', undefined],
    ['a function', () => 1],
  ])('%s passes as it is', (_label, value) => {
    expect(optionalFunction(value, 'fetch', make)).toBe(value);
  });

  test.each<[string, unknown, string]>([
    ['a string', 'nope', '"nope"'],
    ['null', null, 'null'],
    ['an object', {}, 'an object'],
  ])('%s is refused', (_label, value, shown) => {
    expect(refusal(() => optionalFunction(value, 'fetch', make))).toBe(
      `fetch must be a function; got ${shown}`,
    );
  });
});

describe('keyedFlight', () => {
  test('callers of one key share a flight; other keys start their own', async () => {
    const once = keyedFlight();
    let started = 0;
    const start = (value: number) => async () => {
      started += 1;
      await Promise.resolve();
      return value;
    };
    const results = await Promise.all([
      once('a', start(1)),
      once('a', start(2)),
      once('b', start(3)),
    ]);
    expect(results).toEqual([1, 1, 3]);
    expect(started).toBe(2);
  });

  test('once a flight settles, fulfilled or rejected, the next call starts again', async () => {
    const once = keyedFlight();
    await expect(once('k', () => Promise.reject(new Error('first')))).rejects.toThrow('first');
    await expect(once('k', async () => 'second')).resolves.toBe('second');
    await expect(once('k', async () => 'third')).resolves.toBe('third');
  });
});

describe('attempt', () => {
  test.each<[string, () => unknown, unknown]>([
    ['a result', () => JSON.parse('{"a":1}') as unknown, { a: 1 }],
    ['a throw: undefined', () => JSON.parse('{') as unknown, undefined],
    [
      'a non-Error throw: undefined',
      () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a library may throw
        throw 'no';
      },
      undefined,
    ],
  ])('%s', (_label, task, expected) => {
    expect(attempt(task)).toEqual(expected);
  });
});
