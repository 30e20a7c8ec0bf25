import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { accessExpired, freezeTokens, isExpired, isTokens, tokensFromAnswer } from './token-set';
import type { Tokens } from './types';

const tokens: Tokens = {
  accessToken: { value: 'at-1', expiresAt: 1_000 },
  refreshToken: { value: 'rt-1', role: 'member' },
};

describe('isTokens', () => {
  test.each([
    ['a token set', tokens, true],
    [
      'the signed-out set of the incumbent',
      { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } },
      true,
    ],
    ['null', null, false],
    ['a string', 'tokens', false],
    ['no refresh token', { accessToken: tokens.accessToken }, false],
    ['an unknown role', { ...tokens, refreshToken: { value: 'rt', role: 'admin' } }, false],
    [
      'expiresAt as a string',
      { ...tokens, accessToken: { value: 'at', expiresAt: '1000' } },
      false,
    ],
    ['expiresAt NaN', { ...tokens, accessToken: { value: 'at', expiresAt: Number.NaN } }, false],
    ['a numeric access token', { ...tokens, accessToken: { value: 1, expiresAt: 1 } }, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isTokens(value)).toBe(expected);
  });
});

describe('isExpired', () => {
  test.each([
    ['well before expiry', 900_000, 60, false],
    ['inside the leeway', 940_001, 60, true],
    ['exactly at expiry minus leeway', 940_000, 60, true],
    ['no leeway, one second before', 999_000, 0, false],
    ['no leeway, at expiry', 1_000_000, 0, true],
    ['after expiry', 2_000_000, 60, true],
  ])('%s', (_name, nowMs, leeway, expected) => {
    expect(isExpired(tokens, nowMs, leeway)).toBe(expected);
  });

  test('an empty access token is always expired', () => {
    expect(isExpired({ ...tokens, accessToken: { value: '', expiresAt: 9e9 } }, 0)).toBe(true);
  });

  test("the session's unchecked accessExpired answers as isExpired for every token set", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 4e9 }),
        fc.integer({ min: 0, max: 4e12 }),
        fc.nat(3600),
        (value, expiresAt, nowMs, leeway) => {
          const set = { ...tokens, accessToken: { value, expiresAt } };
          expect(accessExpired(set.accessToken, nowMs, leeway)).toBe(isExpired(set, nowMs, leeway));
        },
      ),
    );
  });
});

describe('tokensFromAnswer', () => {
  test.each([
    [
      'a full answer',
      { access_token: 'a', refresh_token: 'r', expires_in: 3600 },
      { value: 'a', expiresAt: 4600 },
      'r',
    ],
    [
      'expires_in as a numeric string',
      { access_token: 'a', refresh_token: 'r', expires_in: '60' },
      { value: 'a', expiresAt: 1060 },
      'r',
    ],
    [
      'no refresh token keeps the previous one',
      { access_token: 'a', expires_in: 10 },
      { value: 'a', expiresAt: 1010 },
      'previous',
    ],
  ])('%s', (_name, body, accessToken, refreshValue) => {
    const result = tokensFromAnswer(body, {
      role: 'visitor',
      nowMs: 1_000_500,
      previousRefreshToken: 'previous',
    });
    expect(result).toEqual({ accessToken, refreshToken: { value: refreshValue, role: 'visitor' } });
    expect(Object.isFrozen(result?.accessToken)).toBe(true);
  });

  test.each([
    ['null', null],
    ['HTML text', '<html>'],
    ['no access token', { refresh_token: 'r', expires_in: 1 }],
    ['an empty access token', { access_token: '', refresh_token: 'r', expires_in: 1 }],
    ['no expires_in', { access_token: 'a', refresh_token: 'r' }],
    ['a negative expires_in', { access_token: 'a', refresh_token: 'r', expires_in: -5 }],
    ['a non-numeric expires_in', { access_token: 'a', refresh_token: 'r', expires_in: 'soon' }],
    ['a numeric refresh token', { access_token: 'a', refresh_token: 7, expires_in: 1 }],
  ])('%s is not a token set', (_name, body) => {
    expect(tokensFromAnswer(body, { role: 'visitor', nowMs: 0 })).toBeUndefined();
  });
});

describe('freezeTokens', () => {
  // How the session compares token sets (accept): by their JSON.
  const sameTokens = (a: Tokens | null, b: Tokens | null) =>
    JSON.stringify(a) === JSON.stringify(b);

  test('a frozen copy compares by value with the set it copies', () => {
    const copy = freezeTokens(tokens);
    expect(copy).not.toBe(tokens);
    expect(sameTokens(copy, tokens)).toBe(true);
    expect(sameTokens(copy, { ...tokens, refreshToken: { value: 'rt-1', role: 'visitor' } })).toBe(
      false,
    );
    expect(sameTokens(null, null)).toBe(true);
    expect(sameTokens(copy, null)).toBe(false);
    expect(Object.isFrozen(copy) && Object.isFrozen(copy.refreshToken)).toBe(true);
  });
});
