import { describe, expect, test } from 'vitest';
import {
  CHUNK_SIZE,
  MAX_CHUNKS,
  parseCookies,
  readChunked,
  serializeCookie,
  writeChunked,
} from './cookies';

const attrs = { path: '/', secure: true, maxAge: 60 };

/** The cookies a browser holds after the request's `cookies` and the answer's Set-Cookie values. */
function apply(cookies: Map<string, string>, setCookies: string[]): Map<string, string> {
  const next = new Map(cookies);
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    if (/Max-Age=0/.test(line)) next.delete(name);
    else next.set(name, pair!.slice(at + 1));
  }
  return next;
}

describe('parseCookies', () => {
  test.each([
    [null, {}],
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=x=y;c=', { a: '1', b: 'x=y', c: '' }],
    ['a=1; a=2', { a: '1' }],
    ['=bad; ; novalue; z=9', { z: '9' }],
  ])('%j', (header, expected) => {
    expect(Object.fromEntries(parseCookies(header))).toEqual(expected);
  });
});

describe('serializeCookie', () => {
  test('HttpOnly, SameSite=Lax, Path, Max-Age and Secure', () => {
    expect(serializeCookie('s', 'v', attrs)).toBe(
      's=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure',
    );
    expect(serializeCookie('s', '', { path: '/auth', secure: false, maxAge: 0 })).toBe(
      's=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax',
    );
  });
});

describe('chunking', () => {
  test.each([1, CHUNK_SIZE, CHUNK_SIZE + 1, 3 * CHUNK_SIZE + 7])(
    'a value of %i characters round-trips; no cookie is longer than 4096 bytes',
    (length) => {
      const value = 'x'.repeat(length - 1) + 'y';
      const lines = writeChunked(new Map(), { name: 's', value, attributes: attrs });
      for (const line of lines) expect(line.length).toBeLessThan(4096);
      expect(lines).toHaveLength(Math.ceil(length / CHUNK_SIZE));
      expect(readChunked(apply(new Map(), lines), 's')).toBe(value);
    },
  );

  test('a shorter value deletes the chunks it no longer uses, and the other way round', () => {
    const long = 'L'.repeat(2 * CHUNK_SIZE + 5);
    let jar = apply(
      new Map(),
      writeChunked(new Map(), { name: 's', value: long, attributes: attrs }),
    );
    expect([...jar.keys()]).toEqual(['s.0', 's.1', 's.2']);
    jar = apply(jar, writeChunked(jar, { name: 's', value: 'short', attributes: attrs }));
    expect(Object.fromEntries(jar)).toEqual({ s: 'short' });
    jar = apply(jar, writeChunked(jar, { name: 's', value: long, attributes: attrs }));
    expect([...jar.keys()].sort()).toEqual(['s.0', 's.1', 's.2']);
    expect(readChunked(jar, 's')).toBe(long);
    jar = apply(jar, writeChunked(jar, { name: 's', value: undefined, attributes: attrs }));
    expect(jar.size).toBe(0);
  });

  test.each([MAX_CHUNKS + 1, 100, 1000])(
    'a value in %i chunks is not read at all (not a cookie this package wrote)',
    (count) => {
      const jar = new Map(Array.from({ length: count }, (_, i) => [`s.${i}`, 'x'.repeat(100)]));
      expect(readChunked(jar, 's')).toBeUndefined();
    },
  );

  test(`${MAX_CHUNKS} chunks are read`, () => {
    const jar = new Map(Array.from({ length: MAX_CHUNKS }, (_, i) => [`s.${i}`, String(i)]));
    expect(readChunked(jar, 's')).toBe('01234567'.slice(0, MAX_CHUNKS));
  });

  test('other cookies are left alone', () => {
    const jar = new Map([
      ['other', '1'],
      ['s', 'old'],
    ]);
    expect(
      apply(jar, writeChunked(jar, { name: 's', value: undefined, attributes: attrs })),
    ).toEqual(new Map([['other', '1']]));
  });
});
