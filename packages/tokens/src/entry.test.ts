import { describe, expect, test } from 'vitest';
import {
  compareEntries,
  entryOf,
  explicitEntry,
  laterRank,
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
    const entry = entryOf({ ...tokens('a') }, record);
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
      'an unsafe integer is 0',
      tokens('a'),
      { epoch: 2 ** 60, generation: 1 },
      at(tokens('a'), 0, 1),
    ],
    ['what is not a token set is no entry', { accessToken: 'x' }, { epoch: 1 }, undefined],
    ['a string is no entry', 'at-a', { epoch: 1 }, undefined],
    ['undefined is no entry', undefined, { epoch: 1 }, undefined],
  ])('%s', (_what, given, rank, expected) => {
    expect(entryOf(given, rank)).toEqual(expected);
  });
});
