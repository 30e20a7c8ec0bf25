import { describe, expect, test } from 'vitest';
import {
  compareEntries,
  entryOf,
  explicitEntry,
  laterRank,
  MAX_EPOCH_SKEW_MS,
  MAX_GENERATION,
  NO_ENTRY,
  rankOf,
  recordOf,
  renewedEntry,
  type Entry,
} from './entry';
import type { Tokens, TokenRole } from './types';

const tokens = (value: string, role: TokenRole = 'member'): Tokens => ({
  accessToken: { value, expiresAt: 2_000_000_000 },
  refreshToken: { value: `rt-${value}`, role },
});
/** The clock of the tests: a little before the tokens' expiry (2033). */
const NOW_MS = 1_999_000_000_000;
const at = (t: Tokens | null, epoch: number, generation: number): Entry => ({
  tokens: t,
  epoch,
  generation,
});

describe('compareEntries', () => {
  // [what, a, b, the sign of compareEntries(a, b)]
  test.each<[string, Entry, Entry, -1 | 0 | 1]>([
    ['a higher epoch wins, whatever the generation', at(null, 2, 0), at(tokens('a'), 1, 9), 1],
    ['a higher generation wins within an epoch', at(tokens('a'), 1, 4), at(tokens('b'), 1, 3), 1],
    ['an older generation loses', at(tokens('z'), 1, 3), at(tokens('a'), 1, 4), -1],
    [
      "a member's set beats a visitor fallback of the same rank",
      at(tokens('a', 'member'), 1, 4),
      at(tokens('z', 'visitor'), 1, 4),
      1,
    ],
    [
      'equal ranks: the greater access token, so every tab settles alike',
      at(tokens('b'), 1, 4),
      at(tokens('a'), 1, 4),
      1,
    ],
    ['equal ranks: a token set beats none', at(tokens('a'), 1, 4), at(null, 1, 4), 1],
    ['the same entry is no later', at(tokens('a'), 1, 4), at(tokens('a'), 1, 4), 0],
    ['no tokens at all: equal', NO_ENTRY, at(null, 0, 0), 0],
  ])('%s', (_what, a, b, sign) => {
    expect(Math.sign(compareEntries(a, b))).toBe(sign);
    // The ordering is antisymmetric: every tab agrees which of two is the later.
    expect(Math.sign(compareEntries(b, a))).toBe(-sign || 0);
  });
});

describe('laterRank', () => {
  test.each([
    ['a later epoch', at(null, 2, 0), at(tokens('a'), 1, 5), true],
    ['a later generation', at(null, 1, 6), at(tokens('a'), 1, 5), true],
    [
      'the same rank, whatever the tokens',
      at(tokens('b'), 1, 5),
      at(tokens('a', 'visitor'), 1, 5),
      false,
    ],
    ['an earlier rank', at(tokens('a'), 1, 4), at(tokens('a'), 1, 5), false],
  ])('%s: %s', (_what, a, b, later) => {
    expect(laterRank(a, b)).toBe(later);
  });
});

describe('the entries a change makes', () => {
  test('an explicit change: a new epoch, later than the one known and than the clock, generation 0', () => {
    expect(explicitEntry(null, at(tokens('a'), 5, 3), 1.9)).toEqual(at(null, 6, 0));
    expect(explicitEntry(tokens('b'), at(tokens('a'), 5, 3), 1_000.7)).toEqual(
      at(tokens('b'), 1_000, 0),
    );
  });

  test('an explicit change after the largest epoch stays a safe integer (no overflow)', () => {
    const known = at(tokens('a'), Number.MAX_SAFE_INTEGER, 0);
    expect(explicitEntry(null, known, NOW_MS).epoch).toBe(Number.MAX_SAFE_INTEGER);
  });

  test('a renewal: the same epoch, the next generation', () => {
    expect(renewedEntry(tokens('b'), at(tokens('a'), 5, 3))).toEqual(at(tokens('b'), 5, 4));
    expect(renewedEntry(null, at(tokens('a'), 5, 3))).toEqual(at(null, 5, 4));
  });

  test('the rank of an entry carries no token', () => {
    expect(rankOf(at(tokens('a'), 5, 3))).toEqual({ epoch: 5, generation: 3 });
  });
});

describe('the stored record', () => {
  test('recordOf: the token set with its rank; nothing for no tokens', () => {
    expect(recordOf(at(tokens('a'), 5, 3))).toEqual({ ...tokens('a'), epoch: 5, generation: 3 });
    expect(recordOf(at(null, 5, 3))).toBeNull();
  });

  test('entryOf reads back what recordOf wrote, frozen', () => {
    const record = recordOf(at(tokens('a'), 5, 3)) as Record<string, unknown>;
    const entry = entryOf({ ...tokens('a') }, record, NOW_MS);
    expect(entry).toEqual(at(tokens('a'), 5, 3));
    expect(Object.isFrozen(entry?.tokens)).toBe(true);
  });

  // [what, tokens, rank, the entry read]
  test.each<[string, unknown, Record<string, unknown>, Entry | undefined]>([
    ['a record of an earlier version: no rank, 0 and 0', tokens('a'), {}, at(tokens('a'), 0, 0)],
    ['no tokens at a rank', null, { epoch: 2, generation: 0 }, at(null, 2, 0)],
    ['a negative counter is 0', tokens('a'), { epoch: -1, generation: 2 }, at(tokens('a'), 0, 2)],
    ['a fraction is 0', tokens('a'), { epoch: 1.5, generation: 2 }, at(tokens('a'), 0, 2)],
    [
      'a counter that is a string is 0',
      tokens('a'),
      { epoch: '7', generation: 2 },
      at(tokens('a'), 0, 2),
    ],
    [
      'an unsafe integer is beyond the clock: no entry',
      tokens('a'),
      { epoch: 2 ** 60, generation: 1 },
      undefined,
    ],
    ['what is not a token set is no entry', { accessToken: 'x' }, { epoch: 1 }, undefined],
    ['a string is no entry', 'at-a', { epoch: 1 }, undefined],
    ['undefined is no entry', undefined, { epoch: 1 }, undefined],
  ])('%s', (_what, given, rank, expected) => {
    expect(entryOf(given, rank, NOW_MS)).toEqual(expected);
  });

  const aYear = 31_536_000;
  // A record or message no tab could have made by now: [what, tokens, rank, the entry read]
  test.each<[string, unknown, Record<string, unknown>, Entry | undefined]>([
    ['the largest safe epoch', tokens('a'), { epoch: Number.MAX_SAFE_INTEGER }, undefined],
    ['an epoch just beyond the skew', null, { epoch: NOW_MS + MAX_EPOCH_SKEW_MS + 1 }, undefined],
    ['an epoch of Infinity', null, { epoch: Infinity }, undefined],
    ['an epoch of NaN', null, { epoch: NaN }, undefined],
    ['a generation beyond the bound', tokens('a'), { generation: MAX_GENERATION + 1 }, undefined],
    [
      'the largest safe generation',
      tokens('a'),
      { generation: Number.MAX_SAFE_INTEGER },
      undefined,
    ],
    [
      'an expiry beyond a year from now',
      { ...tokens('a'), accessToken: { value: 'a', expiresAt: NOW_MS / 1000 + aYear + 1 } },
      { epoch: 1 },
      undefined,
    ],
    [
      'an expiry of 1e308',
      { ...tokens('a'), accessToken: { value: 'a', expiresAt: 1e308 } },
      { epoch: 1 },
      undefined,
    ],
    [
      'an epoch within the skew is kept',
      null,
      { epoch: NOW_MS + MAX_EPOCH_SKEW_MS },
      at(null, NOW_MS + MAX_EPOCH_SKEW_MS, 0),
    ],
    [
      'an expiry of exactly a year is kept',
      { ...tokens('a'), accessToken: { value: 'a', expiresAt: NOW_MS / 1000 + aYear } },
      { epoch: 1 },
      at({ ...tokens('a'), accessToken: { value: 'a', expiresAt: NOW_MS / 1000 + aYear } }, 1, 0),
    ],
  ])('beyond the clock: %s', (_what, given, rank, expected) => {
    expect(entryOf(given, rank, NOW_MS)).toEqual(expected);
  });
});
