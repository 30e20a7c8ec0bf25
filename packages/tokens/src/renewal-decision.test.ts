import { describe, expect, test } from 'vitest';
import type { Entry } from './entry';
import type { RecordRead } from './record';
import { decideRenewal } from './renewal-decision';
import type { Tokens, TokenRole } from './types';

const NOW = 1_900_000_000_000;
const tokens = (name: string, role: TokenRole, validFor: number): Tokens => ({
  accessToken: { value: `at-${name}`, expiresAt: NOW / 1000 + validFor },
  refreshToken: { value: `rt-${name}`, role },
});
const at = (t: Tokens | null, epoch: number, generation: number): Entry => ({
  tokens: t,
  epoch,
  generation,
});
const found = (entry: Entry): RecordRead => ({ kind: 'entry', entry });
const CORRUPT: RecordRead = { kind: 'corrupt' };
const UNAVAILABLE: RecordRead = { kind: 'unavailable' };

const valid = at(tokens('valid', 'member', 3600), 1, 3);
const expired = at(tokens('expired', 'member', 10), 1, 3);
const renewedElsewhere = at(tokens('renewed', 'member', 3600), 1, 4);
const expiredLater = at(tokens('expired-later', 'member', 10), 1, 4);
const visitor = at(tokens('visitor', 'visitor', 10), 1, 3);
const none = at(null, 0, 0);
const signedOutElsewhere = at(null, 2, 0);
const visitorFallback = at(tokens('fallback', 'visitor', 3600), 1, 4);

describe('decideRenewal', () => {
  test.each([
    // [what, held, stored, sawRecord, force, action, entry, write, cleared]
    [
      'valid tokens held, same stored: use',
      valid,
      found(valid),
      true,
      false,
      'use',
      valid,
      false,
      false,
    ],
    [
      'valid tokens held, forced: refresh them',
      valid,
      found(valid),
      true,
      true,
      'refresh',
      valid,
      false,
      false,
    ],
    [
      'expired held: refresh',
      expired,
      found(expired),
      true,
      false,
      'refresh',
      expired,
      false,
      false,
    ],
    [
      'expired held, another tab renewed: use theirs',
      expired,
      found(renewedElsewhere),
      true,
      false,
      'use',
      renewedElsewhere,
      false,
      false,
    ],
    [
      'forced, another tab renewed since: use theirs',
      expired,
      found(renewedElsewhere),
      true,
      true,
      'use',
      renewedElsewhere,
      false,
      false,
    ],
    [
      'stored later but expired too: refresh the later one',
      expired,
      found(expiredLater),
      true,
      false,
      'refresh',
      expiredLater,
      false,
      false,
    ],
    [
      'stale storage (older record): ours, written back',
      renewedElsewhere,
      found(expired),
      true,
      false,
      'use',
      renewedElsewhere,
      true,
      false,
    ],
    [
      'corrupt record never replaces tokens held; written back',
      valid,
      CORRUPT,
      true,
      false,
      'use',
      valid,
      true,
      false,
    ],
    [
      'corrupt record, expired held: refresh held',
      expired,
      CORRUPT,
      true,
      false,
      'refresh',
      expired,
      true,
      false,
    ],
    [
      'unreadable storage keeps tokens held',
      valid,
      UNAVAILABLE,
      true,
      false,
      'use',
      valid,
      false,
      false,
    ],
    [
      'storage failed before and reads empty: not a sign-out, written back',
      valid,
      found(none),
      false,
      false,
      'use',
      valid,
      true,
      false,
    ],
    [
      'record removed by hand after one was seen: signed out, visitor tokens',
      valid,
      found(none),
      true,
      false,
      'anonymous',
      null,
      false,
      true,
    ],
    [
      'another tab signed out (later epoch): no tokens',
      valid,
      found(signedOutElsewhere),
      true,
      false,
      'anonymous',
      signedOutElsewhere,
      false,
      false,
    ],
    [
      'nothing anywhere: visitor tokens',
      none,
      found(none),
      false,
      false,
      'anonymous',
      none,
      false,
      false,
    ],
    [
      'expired visitor: refresh it',
      visitor,
      found(visitor),
      true,
      false,
      'refresh',
      visitor,
      false,
      false,
    ],
    [
      'a member renewal beats a visitor fallback of the same generation',
      renewedElsewhere,
      found(visitorFallback),
      true,
      false,
      'use',
      renewedElsewhere,
      true,
      false,
    ],
    [
      'a visitor fallback later than the member held wins',
      expired,
      found(visitorFallback),
      true,
      false,
      'use',
      visitorFallback,
      false,
      false,
    ],
  ] as const)('%s', (_what, held, stored, sawRecord, force, action, entry, write, cleared) => {
    const decision = decideRenewal(held, stored, sawRecord, { force, since: held }, NOW, 60);
    expect(decision.action).toBe(action);
    if (entry === null) expect(decision.entry).toMatchObject({ tokens: null, generation: 0 });
    else expect(decision.entry).toEqual(entry);
    expect(decision.write).toBe(write);
    expect(decision.cleared).toBe(cleared);
  });

  test('a record removed by hand starts a later epoch than any known', () => {
    const decision = decideRenewal(
      valid,
      found(none),
      true,
      { force: false, since: valid },
      NOW,
      60,
    );
    expect(decision.entry.epoch).toBeGreaterThan(valid.epoch);
  });
});
