import { describe, expect, test } from 'vitest';
import { lending } from './lent';

const KEY = '@site-identity/test:internals';
const make = (message: string) => new TypeError(message);
const internals = lending<{ secret: number }>({ key: KEY, name: 'client', what: 'a client', make });

describe('lending', () => {
  test("what is lent is borrowed back, and stays out of the client's own keys", () => {
    const lent = { secret: 1 };
    const client = internals.lend({ ping: () => 'pong' }, lent);
    expect(internals.borrow(client)).toBe(lent);
    expect(Object.keys(client)).toEqual(['ping']);
    expect({ ...client }).toEqual({ ping: client.ping });
    expect(() => {
      (client as Record<symbol, unknown>)[Symbol.for(KEY)] = {};
    }).toThrow(TypeError);
  });

  test('another lending of the same key (another build of the package) borrows it', () => {
    const client = internals.lend({}, { secret: 2 });
    const other = lending<{ secret: number }>({ key: KEY, name: 'client', what: 'a client', make });
    expect(other.borrow(client)).toEqual({ secret: 2 });
  });

  test.each([
    ['nothing', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a look-alike', { ping: () => 'pong' }, 'an object'],
    ['a string', 'client', '"client"'],
  ])("%s is refused with the caller's error", (_, given, shown) => {
    const strict = lending({
      key: KEY,
      name: 'client',
      what: 'a client made by createClient',
      make,
    });
    expect(() => strict.borrow(given)).toThrow(
      new TypeError(`client must be a client made by createClient; got ${shown}`),
    );
  });

  test('a client lent under another key is refused', () => {
    const other = lending({ key: '@site-identity/other:internals', name: 'x', what: 'x', make });
    const client = other.lend({}, {});
    expect(() => internals.borrow(client)).toThrow(TypeError);
  });
});
