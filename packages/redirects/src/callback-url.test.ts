import { describe, expect, test } from 'vitest';
import { responseModeOf, sameOriginUri, stripCallbackParams } from './callback-url';

const ORIGIN = 'https://shop.example';

describe('sameOriginUri', () => {
  test.each([
    [
      'an absolute same-origin URL, as its path',
      'https://shop.example/account?tab=1',
      '/account?tab=1',
    ],
    ['a path', '/account', '/account'],
    ['a path with a query and fragment', '/account?tab=1#top', '/account?tab=1#top'],
    ['a relative path without a leading slash', 'account', undefined],
    ['another host', 'https://evil.example/', undefined],
    ['another port', 'https://shop.example:8443/', undefined],
    ['another scheme', 'http://shop.example/', undefined],
    ['a protocol-relative URL', '//evil.example/x', undefined],
    ['a backslash trick', '/\\evil.example/x', undefined],
    ['a javascript: URL', 'javascript:alert(1)', undefined],
    ['a data: URL', 'data:text/html,hi', undefined],
    ['an empty string', '', undefined],
    ['nothing', undefined, undefined],
    // What a browser turns into another host once it drops tab and newline or normalises the path.
    ['a tab after the slash', '/\t/evil.example/phish', undefined],
    ['a newline after the slash', '/\n/evil.example/phish', undefined],
    ['a carriage return after the slash', '/\r/evil.example', undefined],
    ['a leading space', ' //evil.example', undefined],
    ['a dot segment', '/.//evil.example', undefined],
    ['a dot-dot segment', '/..//evil.example', undefined],
    ['an encoded dot segment', '/%2e//evil.example', undefined],
    ['the origin with a // path', 'https://shop.example//evil.example', undefined],
    ['a backslash after the slash', '/\\/evil.example', undefined],
    ['an IDN look-alike host', 'https://shοp.example/', undefined],
    ['a javascript: URL in capitals', 'JAVASCRIPT:alert(1)', undefined],
    ['a URL without slashes', 'https:evil.example', undefined],
    ['an overlong path', `/${'a'.repeat(2048)}`, undefined],
  ])('%s', (_name, uri, expected) => {
    expect(sameOriginUri(uri, ORIGIN)).toBe(expected);
  });
});

describe('stripCallbackParams', () => {
  test.each([
    [
      'a fragment with only callback fields',
      'https://a.example/cb#code=c&state=s',
      'fragment',
      'https://a.example/cb',
    ],
    [
      'a fragment keeps other fields verbatim',
      'https://a.example/cb#tab=x%20y&code=c&state=s',
      'fragment',
      'https://a.example/cb#tab=x%20y',
    ],
    [
      'an error answer',
      'https://a.example/cb#error=e&error_description=d&state=s',
      'fragment',
      'https://a.example/cb',
    ],
    [
      'fragment mode leaves the query alone',
      'https://a.example/cb?code=keep&x=1#code=c&state=s',
      'fragment',
      'https://a.example/cb?code=keep&x=1',
    ],
    [
      'a query with only callback fields',
      'https://a.example/cb?code=c&state=s',
      'query',
      'https://a.example/cb',
    ],
    [
      'a query keeps other fields',
      'https://a.example/cb?lang=fr&code=c&state=s&page=2',
      'query',
      'https://a.example/cb?lang=fr&page=2',
    ],
    [
      'query mode leaves the fragment alone',
      'https://a.example/cb?code=c&state=s#/route',
      'query',
      'https://a.example/cb#/route',
    ],
    [
      'an encoded field name is still a callback field',
      'https://a.example/cb?c%6Fde=c&state=s&a=1',
      'query',
      'https://a.example/cb?a=1',
    ],
  ] as const)('%s', (_name, href, mode, expected) => {
    expect(stripCallbackParams(href, mode)).toBe(expected);
  });
});

describe('responseModeOf', () => {
  test.each([
    ['https://a.example/cb#code=c&state=s', 'fragment'],
    ['https://a.example/cb?code=c&state=s', 'query'],
    ['https://a.example/cb?error=e&state=s#/route', 'query'],
    ['https://a.example/cb?code=q#code=f', 'fragment'],
    ['https://a.example/cb', 'fragment'],
  ])('%s → %s', (href, expected) => {
    expect(responseModeOf(new URL(href))).toBe(expected);
  });
});
