import { describe, expect, test } from 'vitest';
import { borrow, lend } from './lent';

const KEY = '@site-identity/test:internals';
const make = (message: string) => new TypeError(message);

describe('lend and borrow', () => {
  test("what is lent is borrowed back, and stays out of the client's own keys", () => {
    const internals = { secret: 1 };
    const client = lend({ ping: () => 'pong' }, KEY, internals);
    expect(borrow(client, KEY, 'client', 'a client', make)).toBe(internals);
    expect(Object.keys(client)).toEqual(['ping']);
    expect({ ...client }).toEqual({ ping: client.ping });
    expect(() => {
      (client as Record<symbol, unknown>)[Symbol.for(KEY)] = {};
    }).toThrow(TypeError);
  });

  test.each([
    ['nothing', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a look-alike', { ping: () => 'pong' }, 'an object'],
    ['a string', 'client', '"client"'],
  ])("%s is refused with the caller's error", (_, given, shown) => {
    expect(() => borrow(given, KEY, 'client', 'a client made by createClient', make)).toThrow(
      new TypeError(`client must be a client made by createClient; got ${shown}`),
    );
  });

  test('a client lent under another key is refused', () => {
    const client = lend({}, '@site-identity/other:internals', {});
    expect(() => borrow(client, KEY, 'client', 'a client', make)).toThrow(TypeError);
  });
});
