import { describe, expect, test } from 'vitest';
import { parseCallback } from './parse-callback';
import { isRedirectsError } from './redirects-error';

describe('parseCallback', () => {
  test.each([
    [
      'code and state in the fragment',
      'https://a.example/cb#code=c1&state=s1',
      'fragment',
      { code: 'c1', state: 's1' },
    ],
    [
      'the fragment is the default',
      'https://a.example/cb#state=s1&code=c1',
      undefined,
      { code: 'c1', state: 's1' },
    ],
    [
      'code and state in the query',
      'https://a.example/cb?code=c1&state=s1',
      'query',
      { code: 'c1', state: 's1' },
    ],
    [
      'fragment mode ignores the query',
      'https://a.example/cb?code=q&state=q#code=f&state=f',
      'fragment',
      { code: 'f', state: 'f' },
    ],
    [
      'query mode ignores the fragment',
      'https://a.example/cb?code=q&state=q#code=f&state=f',
      'query',
      { code: 'q', state: 'q' },
    ],
    ['missing state', 'https://a.example/cb#code=c1', 'fragment', { code: 'c1' }],
    ['missing code', 'https://a.example/cb?state=s1', 'query', { state: 's1' }],
    ['nothing at all', 'https://a.example/cb', 'fragment', {}],
    ['an empty fragment', 'https://a.example/cb#', 'fragment', {}],
    ['empty values count as absent', 'https://a.example/cb#code=&state=', 'fragment', {}],
    [
      'extra parameters are ignored',
      'https://a.example/cb?utm=x&code=c1&lang=fr&state=s1',
      'query',
      { code: 'c1', state: 's1' },
    ],
    [
      'error and description',
      'https://a.example/cb#error=access_denied&error_description=User%20cancelled&state=s1',
      'fragment',
      { error: 'access_denied', errorDescription: 'User cancelled', state: 's1' },
    ],
    [
      'percent-encoded values are decoded',
      'https://a.example/cb?code=a%2Fb%3D%3D&state=x%26y',
      'query',
      { code: 'a/b==', state: 'x&y' },
    ],
    [
      'plus decodes as a space',
      'https://a.example/cb#error=e&error_description=Try+again',
      'fragment',
      { error: 'e', errorDescription: 'Try again' },
    ],
    [
      'the first of repeated fields wins',
      'https://a.example/cb#code=one&code=two&state=s',
      'fragment',
      { code: 'one', state: 's' },
    ],
    ['a relative URL', '/cb#code=c1&state=s1', 'fragment', { code: 'c1', state: 's1' }],
    [
      'a URL object',
      new URL('https://a.example/cb?code=c1&state=s1'),
      'query',
      { code: 'c1', state: 's1' },
    ],
  ] as const)('%s', (_name, url, mode, expected) => {
    expect(parseCallback(url, mode)).toEqual(expected);
  });

  test.each([
    ['a number', 42, 'fragment', 'url must be a string or a URL; got 42'],
    ['undefined', undefined, 'fragment', 'url must be a string or a URL; got undefined'],
    [
      'an unknown response mode',
      'https://a.example/cb',
      'web_message',
      "responseMode must be 'fragment' or 'query'; got \"web_message\"",
    ],
  ])('rejects %s with a typed error', (_name, url, mode, message) => {
    let caught: unknown;
    try {
      parseCallback(url as string, mode as 'fragment');
    } catch (error) {
      caught = error;
    }
    expect(isRedirectsError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'INVALID_ARGUMENT', message });
  });
});
