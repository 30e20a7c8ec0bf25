import { describe, expect, test } from 'vitest';
import { isPlatformError } from './platform-error';
import { resolveBaseUrl, resolveRequestUrl } from './request-url';

describe('resolveBaseUrl', () => {
  test.each([
    [42, 'got 42'],
    [undefined, 'got undefined'],
    ['/relative', 'got "/relative"'],
    ['https://www.wixapis.com/?x=1', 'got "https://www.wixapis.com/?x=1"'],
    ['https://www.wixapis.com/#top', 'got "https://www.wixapis.com/#top"'],
    ['ftp://files.example/', 'got "ftp://files.example/"'],
  ])('refuses %j, saying what came', (baseUrl, got) => {
    let caught: unknown;
    try {
      resolveBaseUrl(baseUrl, false);
    } catch (error) {
      caught = error;
    }
    expect(isPlatformError(caught) && caught.message).toBe(
      `baseUrl must be an absolute http or https URL without query or fragment; ${got}`,
    );
  });

  test.each([
    ['https://www.wixapis.com', false, 'https://www.wixapis.com'],
    ['https://www.wixapis.com/', false, 'https://www.wixapis.com'],
    [
      'https://www.wixapis.com/_api/iam/authentication/',
      false,
      'https://www.wixapis.com/_api/iam/authentication',
    ],
    ['http://localhost:4010/api', false, 'http://localhost:4010/api'],
    ['https://www.wixapis.com/my-app/v1', true, 'https://edge.wixapis.com/my-app/v1'],
    ['http://localhost:4010', true, 'https://edge.wixapis.com'],
  ])('%s (cdn %s) → %s', (input, cdn, expected) => {
    expect(resolveBaseUrl(input, cdn)).toBe(expected);
  });

  test.each([
    ['www.wixapis.com'],
    ['/relative'],
    ['ftp://example.com'],
    ['https://x.com/?a=1'],
    ['https://x.com/#f'],
    [''],
    [42],
    [undefined],
  ])('%j is refused with INVALID_OPTIONS', (input) => {
    let error: unknown;
    try {
      resolveBaseUrl(input, false);
    } catch (caught) {
      error = caught;
    }
    expect(isPlatformError(error) && error.code).toBe('INVALID_OPTIONS');
  });
});

describe('resolveRequestUrl', () => {
  const base = 'https://www.wixapis.com/_api/iam';
  test.each([
    ['/v2/login', undefined, 'https://www.wixapis.com/_api/iam/v2/login'],
    ['v2/login', undefined, 'https://www.wixapis.com/_api/iam/v2/login'],
    ['', undefined, 'https://www.wixapis.com/_api/iam'],
    [
      '/v1/logout',
      { clientId: 'c', postLogoutRedirectUri: 'https://site.example/a?b=c', skip: undefined },
      'https://www.wixapis.com/_api/iam/v1/logout?clientId=c&postLogoutRedirectUri=https%3A%2F%2Fsite.example%2Fa%3Fb%3Dc',
    ],
    ['/v1/x?a=1', { b: 2, c: true }, 'https://www.wixapis.com/_api/iam/v1/x?a=1&b=2&c=true'],
    [
      '/v1/x',
      new URLSearchParams([
        ['a', '1'],
        ['a', '2'],
      ]),
      'https://www.wixapis.com/_api/iam/v1/x?a=1&a=2',
    ],
    ['@evil.example/x', undefined, 'https://www.wixapis.com/_api/iam/@evil.example/x'],
  ])('%s with %j → %s', (path, searchParams, expected) => {
    expect(resolveRequestUrl(base, path, searchParams).href).toBe(expected);
  });

  test.each([
    ['https://evil.example/steal'],
    ['//evil.example/steal'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    [null],
  ])('%j is refused so that Authorization never leaves the host', (path) => {
    expect(() => resolveRequestUrl(base, path)).toThrow(/relative to baseUrl/);
  });
});
