import { describe, expect, test } from 'vitest';
import type { Entry } from './entry';
import type { RenewalDecision } from './renewal-decision';
import { snapshotOf } from './session';
import {
  INITIAL_SESSION,
  reduceSession,
  type Session,
  type SessionAction,
  type SessionEffects,
} from './session-transition';
import { TokensError } from './tokens-error';
import type { Tokens, TokenRole } from './types';

const tokens = (name: string, role: TokenRole): Tokens => ({
  accessToken: { value: `at-${name}`, expiresAt: 2_000_000_000 },
  refreshToken: { value: `rt-${name}`, role },
});
const at = (t: Tokens | null, epoch: number, generation: number): Entry => ({
  tokens: t,
  epoch,
  generation,
});
const member = at(tokens('member', 'member'), 1, 3);
const renewedMember = at(tokens('renewed', 'member'), 1, 4);
const rejectedMember = at(null, 1, 4);
const signedOut = at(null, 2, 0);
const visitor = at(tokens('visitor', 'visitor'), 1, 4);
const failure = new TokensError('Renewal failed', { code: 'NETWORK_ERROR' });

/** A session whose record was read, holding `held`. */
const holding = (held: Entry, more: Partial<Session> = {}): Session => ({
  ...INITIAL_SESSION,
  held,
  snapshot: snapshotOf(held.tokens),
  loaded: true,
  ...more,
});
const decision = (entry: Entry, more: Partial<RenewalDecision> = {}): RenewalDecision => ({
  action: 'use',
  entry,
  cleared: false,
  write: false,
  ...more,
});

/** What a row expects of the new session (only the fields named) and its effects (all of them). */
interface Expected {
  readonly session: Partial<Omit<Session, 'snapshot'>> & {
    readonly status?: string;
    readonly ended?: unknown;
    readonly error?: unknown;
    readonly nextRetryAt?: number;
  };
  readonly effects: SessionEffects;
}

describe('reduceSession', () => {
  // [what happened, the session before, the action, the new session and its effects]
  test.each<[string, Session, SessionAction, Expected]>([
    [
      'the first read ends loading silently and asks the other tabs for a later session',
      INITIAL_SESSION,
      { type: 'read', decision: decision(member), repair: false },
      {
        session: { held: member, loaded: true, status: 'member' },
        effects: { tell: { ...member, ask: true } },
      },
    ],
    [
      'a later session read from the record is adopted, told as a refresh, and not written back',
      holding(member),
      { type: 'read', decision: decision(renewedMember), repair: true },
      { session: { held: renewedMember }, effects: { event: 'TOKENS_REFRESHED' } },
    ],
    [
      'a bad record read by a repairing read is written back',
      holding(member),
      { type: 'read', decision: decision(member, { write: true }), repair: true },
      { session: { held: member }, effects: { record: 'repair' } },
    ],
    [
      'a bad record read by another read is left alone',
      holding(member),
      { type: 'read', decision: decision(member, { write: true }), repair: false },
      { session: { held: member }, effects: {} },
    ],
    [
      'a record removed by hand is a sign-out by storage, in another tab',
      holding(member),
      { type: 'read', decision: decision(signedOut, { cleared: true }), repair: false },
      {
        session: {
          held: signedOut,
          status: 'none',
          ended: { reason: 'storage_cleared', inOtherTab: true },
        },
        effects: { event: 'SIGNED_OUT' },
      },
    ],
    [
      'the read after the page was restored ends the restoring and asks again',
      holding(member, { loaded: false }),
      { type: 'read', decision: decision(member), repair: true },
      { session: { loaded: true }, effects: { tell: { ...member, ask: true } } },
    ],
    [
      'restoring: no token is served until the record was read again',
      holding(member),
      { type: 'restoring' },
      { session: { held: member, loaded: false }, effects: {} },
    ],
    [
      "another tab's later session is adopted",
      holding(member),
      { type: 'heard', message: renewedMember },
      { session: { held: renewedMember }, effects: { event: 'TOKENS_REFRESHED' } },
    ],
    [
      "another tab's session it could not store is adopted and written here",
      holding(member),
      { type: 'heard', message: { ...renewedMember, unstored: true } },
      {
        session: { held: renewedMember },
        effects: { event: 'TOKENS_REFRESHED', record: 'repair' },
      },
    ],
    [
      "another tab's older session changes nothing",
      holding(renewedMember),
      { type: 'heard', message: member },
      { session: { held: renewedMember }, effects: {} },
    ],
    [
      'an ask is answered with the later session held here',
      holding(renewedMember),
      { type: 'heard', message: { ...member, ask: true } },
      { session: { held: renewedMember }, effects: { tell: renewedMember } },
    ],
    [
      'an ask from a tab holding the same session is not answered',
      holding(member),
      { type: 'heard', message: { ...member, ask: true } },
      { session: { held: member }, effects: {} },
    ],
    [
      "another tab's renewal of the session held: wait for its hand-off",
      holding(member),
      { type: 'heard', message: { ...member, renewing: true, ask: true } },
      { session: { held: member, handOff: member }, effects: {} },
    ],
    [
      "another tab's renewal ended with nothing new: no hand-off to wait for",
      holding(member, { handOff: member }),
      { type: 'heard', message: { ...member, renewing: false } },
      { session: { handOff: undefined }, effects: {} },
    ],
    [
      'renewing: the other tabs hear of it and are asked for a later session',
      holding(member),
      { type: 'renewing', entry: member },
      { session: { held: member }, effects: { tell: { ...member, renewing: true, ask: true } } },
    ],
    [
      "a renewal's tokens are the session, stored then posted",
      holding(member),
      { type: 'renewed', entry: renewedMember },
      {
        session: { held: renewedMember, status: 'member' },
        effects: { event: 'TOKENS_REFRESHED', record: 'share' },
      },
    ],
    [
      "a renewal's tokens that are no later: the renewal ends with nothing new",
      holding(renewedMember),
      { type: 'renewed', entry: renewedMember },
      {
        session: { held: renewedMember },
        effects: { tell: { ...renewedMember, renewing: false } },
      },
    ],
    [
      'a renewal that ended without tokens tells the waiting tabs',
      holding(member, { rejected: rejectedMember }),
      { type: 'renewed' },
      {
        session: { held: member, rejected: undefined },
        effects: { tell: { ...member, renewing: false } },
      },
    ],
    [
      'the platform rejected the refresh token: the other tabs hear of it at once',
      holding(member),
      { type: 'rejected', entry: rejectedMember, reason: 'refresh_rejected' },
      {
        session: { held: member, rejected: rejectedMember },
        effects: { tell: { ...rejectedMember, reason: 'refresh_rejected' } },
      },
    ],
    [
      "visitor tokens after a rejection are the session; the member's session expired",
      holding(member, { rejected: rejectedMember }),
      { type: 'renewed', entry: visitor, reason: 'refresh_rejected' },
      {
        session: {
          held: visitor,
          rejected: undefined,
          status: 'visitor',
          ended: { reason: 'refresh_rejected', inOtherTab: false },
        },
        effects: { event: 'SESSION_EXPIRED', record: 'share', reason: 'refresh_rejected' },
      },
    ],
    [
      'no visitor tokens either: the rejected session stands',
      holding(member, { rejected: rejectedMember }),
      { type: 'dropped', reason: 'refresh_rejected' },
      {
        session: { held: rejectedMember, rejected: undefined, status: 'none' },
        effects: { event: 'SESSION_EXPIRED' },
      },
    ],
    [
      'an explicit sign-out is posted at once, then stored',
      holding(member),
      { type: 'replaced', entry: signedOut },
      {
        session: {
          held: signedOut,
          status: 'none',
          ended: { reason: 'signed_out', inOtherTab: false },
        },
        effects: {
          event: 'SIGNED_OUT',
          tell: { ...signedOut, reason: 'signed_out' },
          record: 'replace',
          reason: 'signed_out',
        },
      },
    ],
    [
      'a rewrite that shares writes and posts the session held',
      holding(member),
      { type: 'rewrite', share: true },
      { session: { held: member }, effects: { record: 'share' } },
    ],
    [
      "a repair's rewrite writes, nothing else",
      holding(member),
      { type: 'rewrite', share: false },
      { session: { held: member }, effects: { record: 'rewrite' } },
    ],
    [
      'a failed renewal shows on the snapshot, with the next automatic try',
      holding(member),
      { type: 'failed', error: failure, retryAt: 1_234 },
      { session: { held: member, error: failure, nextRetryAt: 1_234 }, effects: {} },
    ],
    [
      'a success ends the failure shown',
      holding(member, { snapshot: snapshotOf(member.tokens, { error: failure }) }),
      { type: 'failed', error: undefined },
      { session: { held: member, error: undefined, status: 'member' }, effects: {} },
    ],
    [
      'no longer waiting for a hand-off',
      holding(member, { handOff: member }),
      { type: 'handed-off' },
      { session: { handOff: undefined }, effects: {} },
    ],
  ])('%s', (_what, before, action, expected) => {
    const { session, effects } = reduceSession(before, action);
    const { snapshot, ...fields } = session;
    const { status, ended, error, nextRetryAt, ...rest } = expected.session;
    expect(fields).toMatchObject(rest);
    const shown = { status, ended, error, nextRetryAt };
    for (const [name, value] of Object.entries(shown))
      if (name in expected.session) expect(snapshot[name as keyof typeof snapshot]).toEqual(value);
    expect(effects).toEqual(expected.effects);
  });

  test('a transition that changes nothing answers the same session, so nothing is published', () => {
    const before = holding(member);
    for (const action of [
      { type: 'failed', error: undefined },
      { type: 'rewrite', share: false },
      { type: 'heard', message: member },
    ] as const)
      expect(reduceSession(before, action).session).toBe(before);
  });
});
