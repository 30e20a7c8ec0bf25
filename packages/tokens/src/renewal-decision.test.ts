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
const found = (entry: Entry): RecordRead => entry;
const CORRUPT: RecordRead = 'corrupt';
const UNAVAILABLE: RecordRead = 'unavailable';

const valid = at(tokens('valid', 'member', 3600), 1, 3);
const expired = at(tokens('expired', 'member', 10), 1, 3);
const renewedElsewhere = at(tokens('renewed', 'member', 3600), 1, 4);
const expiredLater = at(tokens('expired-later', 'member', 10), 1, 4);
const visitor = at(tokens('visitor', 'visitor', 10), 1, 3);
const none = at(null, 0, 0);
const signedOutElsewhere = at(null, 2, 0);
const visitorFallback = at(tokens('fallback', 'visitor', 3600), 1, 4);

describe('decideRenewal', () => {
  // [what, held, stored, 'saw' (a record seen before) / 'force', action, entry, 'write' / 'cleared']
  test.each([
    ['valid tokens held, same stored: use', valid, found(valid), 'saw', 'use', valid, ''],
    [
      'valid tokens held, forced: refresh them',
      valid,
      found(valid),
      'saw force',
      'refresh',
      valid,
      '',
    ],
    ['expired held: refresh', expired, found(expired), 'saw', 'refresh', expired, ''],
    [
      'expired held, another tab renewed: use theirs',
      expired,
      found(renewedElsewhere),
      'saw',
      'use',
      renewedElsewhere,
      '',
    ],
    [
      'forced, another tab renewed since: use theirs',
      expired,
      found(renewedElsewhere),
      'saw force',
      'use',
      renewedElsewhere,
      '',
    ],
    [
      'stored later but expired too: refresh the later one',
      expired,
      found(expiredLater),
      'saw',
      'refresh',
      expiredLater,
      '',
    ],
    [
      'stale storage (older record): ours, written back',
      renewedElsewhere,
      found(expired),
      'saw',
      'use',
      renewedElsewhere,
      'write',
    ],
    [
      'corrupt record never replaces tokens held; written back',
      valid,
      CORRUPT,
      'saw',
      'use',
      valid,
      'write',
    ],
    [
      'corrupt record, expired held: refresh held',
      expired,
      CORRUPT,
      'saw',
      'refresh',
      expired,
      'write',
    ],
    ['unreadable storage keeps tokens held', valid, UNAVAILABLE, 'saw', 'use', valid, ''],
    [
      'storage failed before, reads empty: no sign-out, written back',
      valid,
      found(none),
      '',
      'use',
      valid,
      'write',
    ],
    [
      'record removed by hand after one was seen: sign-out',
      valid,
      found(none),
      'saw',
      'anonymous',
      null,
      'cleared',
    ],
    [
      'another tab signed out (later epoch): no tokens',
      valid,
      found(signedOutElsewhere),
      'saw',
      'anonymous',
      signedOutElsewhere,
      '',
    ],
    ['nothing anywhere: visitor tokens', none, found(none), '', 'anonymous', none, ''],
    ['expired visitor: refresh it', visitor, found(visitor), 'saw', 'refresh', visitor, ''],
    [
      'member renewal beats a visitor fallback of its generation',
      renewedElsewhere,
      found(visitorFallback),
      'saw',
      'use',
      renewedElsewhere,
      'write',
    ],
    [
      'a visitor fallback later than the member held wins',
      expired,
      found(visitorFallback),
      'saw',
      'use',
      visitorFallback,
      '',
    ],
  ] as const)('%s', (_what, held, stored, given, action, entry, outcome) => {
    const force = given.includes('force');
    const decision = decideRenewal({
      held,
      stored,
      sawRecord: given.includes('saw'),
      ask: { force, since: held },
      nowMs: NOW,
      leewaySeconds: 60,
    });
    expect(decision.action).toBe(action);
    if (entry === null) expect(decision.entry).toMatchObject({ tokens: null, generation: 0 });
    else expect(decision.entry).toEqual(entry);
    expect(decision.write).toBe(outcome.includes('write'));
    expect(decision.cleared).toBe(outcome.includes('cleared'));
  });

  test('a record removed by hand starts a later epoch than any known', () => {
    const decision = decideRenewal({
      held: valid,
      stored: found(none),
      sawRecord: true,
      ask: { force: false, since: valid },
      nowMs: NOW,
      leewaySeconds: 60,
    });
    expect(decision.entry.epoch).toBeGreaterThan(valid.epoch);
  });
});
