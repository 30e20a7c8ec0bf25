import { describe, expect, test } from 'vitest';
import { MAX_TARGET_LENGTH, sameOriginTarget } from './checks';

const ORIGIN = 'http://localhost:3000';

/**
 * Redirect targets an attacker sends as `returnTo`, `failureTo` or `originalUri`:
 * every one must be refused (`undefined`), whether a browser would read it as another
 * host, another scheme or something that is not a URL at all.
 */
export const HOSTILE_TARGETS: ReadonlyArray<readonly [string, string]> = [
  // Dot segments that normalise to `//host` (the audit's payloads).
  ['dot segment', '/.//evil.example'],
  ['dot-dot segment', '/..//evil.example'],
  ['encoded dot segment', '/%2e//evil.example'],
  ['encoded dot-dot segment', '/%2e%2e//evil.example'],
  ['upper-case encoded dot', '/%2E//evil.example'],
  ['mixed dot-dot', '/.%2e//evil.example'],
  ['dot segment after a path', '/a/..//evil.example'],
  ['dot segments deep', '/a/b/../..//evil.example'],
  ['same origin with a // path', 'http://localhost:3000//evil.example'],
  ['same origin with a /./ // path', 'http://localhost:3000/.//evil.example'],
  ['the attack in Chromium', '/.//localhost:48111/phish'],
  // Protocol-relative and doubled slashes.
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with a path', '//evil.example/phish'],
  ['triple slash', '///evil.example'],
  ['quadruple slash', '////evil.example'],
  ['protocol-relative with credentials', '//localhost:3000@evil.example'],
  // Backslashes, raw and after slashes.
  ['slash backslash', '/\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['backslash inside', '/\\/evil.example'],
  ['absolute with backslashes', 'http:\\\\evil.example'],
  ['same origin then backslash', 'http://localhost:3000\\@evil.example'],
  // Control characters and whitespace that browsers drop or strip.
  ['tab', '/\t/evil.example/phish'],
  ['newline', '/\n/evil.example'],
  ['carriage return', '/\r/evil.example'],
  ['NUL', '/\0/evil.example'],
  ['leading space', ' //evil.example'],
  ['leading tab', '\t//evil.example'],
  ['trailing newline', '/account\n'],
  ['DEL', '/\x7f/evil.example'],
  ['vertical tab', '/\v/evil.example'],
  ['form feed', '/\f/evil.example'],
  ['escape', '/\x1b/evil.example'],
  ['space inside', '/ /evil.example'],
  // Other origins.
  ['another host', 'https://evil.example/'],
  ['another port', 'http://localhost:3001/'],
  ['another scheme', 'https://localhost:3000/'],
  ['userinfo to another host', 'http://localhost:3000@evil.example/'],
  ['a subdomain', 'http://sub.localhost:3000/'],
  ['IDN look-alike', 'http://lοcalhost:3000/'],
  ['IDN host', 'https://exämple.com/'],
  ['punycode host', 'https://xn--exmple-cua.com/'],
  ['full-width slash', '／／evil.example'],
  ['scheme without slashes', 'https:evil.example'],
  ['http without slashes', 'http:evil.example'],
  ['same scheme without slashes', 'http:localhost:3000'],
  ['upper-case scheme elsewhere', 'HTTPS://EVIL.EXAMPLE/'],
  // Schemes that run or show content.
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: in capitals', 'JaVaScRiPt:alert(1)'],
  ['javascript: with a comment', 'javascript://localhost:3000/%0aalert(1)'],
  ['javascript: with a leading slash path', 'javascript:/localhost:3000/'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['data: base64', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['file:', 'file:///etc/passwd'],
  ['blob:', 'blob:http://localhost:3000/0b5b4f16'],
  ['ftp:', 'ftp://localhost:3000/'],
  // Not a path on the site.
  ['relative path', 'account'],
  ['query only', '?next=//evil.example'],
  ['fragment only', '#//evil.example'],
  ['dot relative', './account'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(MAX_TARGET_LENGTH)}`],
];

describe('sameOriginTarget', () => {
  test.each(HOSTILE_TARGETS)('refuses %s', (_name, target) => {
    expect(sameOriginTarget(target, ORIGIN)).toBeUndefined();
  });

  test.each([
    ['a path', '/account', '/account'],
    ['the root', '/', '/'],
    ['a path with a query and fragment', '/account?tab=1#top', '/account?tab=1#top'],
    ['an absolute URL on the origin', 'http://localhost:3000/orders?id=2', '/orders?id=2'],
    ['a dot segment that stays on the site', '/a/./b/../c', '/a/c'],
    ['an encoded slash (not a host)', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['an encoded backslash (not a host)', '/%5Cevil.example', '/%5Cevil.example'],
    ['a query with slashes', '/next?to=//evil.example', '/next?to=//evil.example'],
    ['a fragment with slashes', '/#//evil.example', '/#//evil.example'],
    ['IDN text in the path, encoded', '/ü', '/%C3%BC'],
    [
      'the longest kept',
      `/${'a'.repeat(MAX_TARGET_LENGTH - 1)}`,
      `/${'a'.repeat(MAX_TARGET_LENGTH - 1)}`,
    ],
  ])('keeps %s', (_name, target, expected) => {
    expect(sameOriginTarget(target, ORIGIN)).toBe(expected);
  });

  test.each([
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { toString: () => '/account' }],
    ['an array', ['/account']],
  ])('refuses %s', (_name, target) => {
    expect(sameOriginTarget(target, ORIGIN)).toBeUndefined();
  });

  test('a shorter maxLength, and an origin that is not a URL', () => {
    expect(sameOriginTarget('/abcd', ORIGIN, { maxLength: 4 })).toBeUndefined();
    expect(sameOriginTarget('/abc', ORIGIN, { maxLength: 4 })).toBe('/abc');
    expect(sameOriginTarget('/abc', 'not a url')).toBeUndefined();
    expect(sameOriginTarget('/abc', new URL(ORIGIN))).toBe('/abc');
  });

  test('every kept target resolves on the origin when a browser reads it as a Location', () => {
    for (const [, target] of HOSTILE_TARGETS) {
      const kept = sameOriginTarget(target, ORIGIN);
      if (kept !== undefined) expect(new URL(kept, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});
