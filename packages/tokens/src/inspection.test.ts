// @vitest-environment happy-dom
// The inspection API: what a development panel, a log or a trace hears from the manager.
import { createMockPlatform } from '@site-identity/mock-platform';
import { describe, expect, test, vi } from 'vitest';
import { isTokenEndpointError } from './tokens-error';
import type { InspectionEvent } from './inspection-events';
import { inspect } from './inspection';
import { autoRefresh } from './auto-refresh';
import { memoryStorage, type TokenStorage } from './storage';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import { issueMemberTokens, platformTabs } from './test-platform';
import type { Tokens } from './types';

const CLIENT_ID = 'client-inspect';
const platform = createMockPlatform();
const tabs = platformTabs(platform, CLIENT_ID);
const manager = (options: Partial<TokenManagerOptions> = {}) =>
  tabs({ crossTab: false, ...options });

function record(target: TokenManager): InspectionEvent[] {
  const heard: InspectionEvent[] = [];
  inspect(target, (event) => heard.push(event));
  return heard;
}

const memberTokens = (expiresInSeconds?: number): Tokens =>
  issueMemberTokens(platform, CLIENT_ID, expiresInSeconds);

const refreshRequests = () =>
  platform.state.requests.filter(
    (r) => r.path === '/oauth2/token' && r.grantType === 'refresh_token',
  );

describe('inspect()', () => {
  test('a renewal is reported as its start and its end, timed by the manager clock, then the session change', async () => {
    let clock = 1_700_000_000_000;
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    // The platform takes 250 ms to answer, by the manager's clock.
    const fetch = (request: Request) => {
      clock += 250;
      return platform.fetch(request);
    };
    const tokens = manager({ now: () => clock, fetch });
    await tokens.setTokens(memberTokens());
    const heard = record(tokens);
    await tokens.refresh();
    expect(heard.map((e) => e.type)).toEqual(['renewal-start', 'renewal-end', 'session']);
    const [start, end, session] = heard;
    expect(start).toMatchObject({ type: 'renewal-start', grant: 'refresh', at: 1_700_000_000_000 });
    expect(end).toMatchObject({
      type: 'renewal-end',
      grant: 'refresh',
      outcome: 'renewed',
      startedAt: 1_700_000_000_000,
      durationMs: 250,
      at: 1_700_000_000_250,
      generation: 1,
    });
    expect(session).toMatchObject({
      type: 'session',
      event: 'TOKENS_REFRESHED',
      status: 'member',
      inOtherTab: false,
      generation: 1,
    });
    expect(Object.isFrozen(end)).toBe(true);
  });

  test('a rejected refresh token: the request ends "rejected", visitor tokens follow, the session ends with its reason', async () => {
    const tokens = manager();
    await tokens.setTokens(memberTokens());
    platform.state.tokens.revoke({ memberId: 'm-1' });
    const heard = record(tokens);
    await tokens.refresh();
    expect(
      heard.map((e) => (e.type === 'renewal-end' ? `${e.grant}:${e.outcome}` : e.type)),
    ).toEqual([
      'renewal-start',
      'refresh:rejected',
      'renewal-start',
      'anonymous:renewed',
      'session',
    ]);
    expect(heard.at(-1)).toMatchObject({
      type: 'session',
      event: 'SESSION_EXPIRED',
      status: 'visitor',
      ended: { reason: 'refresh_rejected', inOtherTab: false },
    });
    const rejected = heard[1];
    expect(rejected?.type === 'renewal-end' && rejected.error?.code).toBe('INVALID_GRANT');
  });

  test('a failed renewal keeps the session: the request ends "failed" with its typed error, and an error event', async () => {
    const tokens = manager();
    await tokens.setTokens(memberTokens());
    const heard = record(tokens);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    await expect(tokens.refresh()).rejects.toMatchObject({ retryable: true });
    expect(heard.map((e) => e.type)).toEqual(['renewal-start', 'renewal-end', 'error']);
    const [, end, error] = heard;
    expect(end).toMatchObject({ outcome: 'failed' });
    // A 503 of the token endpoint: its TokenEndpointError, which isTokensError does not claim.
    expect(end?.type === 'renewal-end' && isTokenEndpointError(end.error)).toBe(true);
    expect(error?.type === 'error' && error.error).toBe(end?.type === 'renewal-end' && end.error);
    expect(tokens.getSnapshot().status).toBe('member');
  });

  test('automatic renewal reports its back-off: each wait after a failure, and when it will try again', async () => {
    vi.useFakeTimers();
    const tokens = manager({ autoRefresh });
    await tokens.setTokens(memberTokens(30));
    const heard = record(tokens);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503, times: 2 });
    await vi.advanceTimersByTimeAsync(5_000);
    const retries = heard.filter((e) => e.type === 'retry');
    expect(retries).toHaveLength(1);
    const [first] = retries;
    expect(first?.type === 'retry' && first.delayMs).toBeGreaterThanOrEqual(5_000);
    expect(first?.type === 'retry' && first.retryAt - first.at).toBe(
      first?.type === 'retry' && first.delayMs,
    );
    expect(tokens.getSnapshot().nextRetryAt).toBe(first?.type === 'retry' && first.retryAt);
  });

  test('a storage problem is an error event too (and still reaches onError)', async () => {
    const failing: TokenStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    const onError = vi.fn();
    const tokens = manager({ storage: failing, onError });
    const heard = record(tokens);
    tokens.getSnapshot();
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'STORAGE_UNAVAILABLE' }),
      }),
    ]);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  test('two tabs: the renewing tab hands off, the other takes the session from another tab with its generation', async () => {
    const storage = memoryStorage();
    const a = manager({ storage, crossTab: true });
    const b = manager({ storage, crossTab: true });
    await a.setTokens(memberTokens());
    await vi.waitFor(() => expect(b.getSnapshot().status).toBe('member'));
    const [heardA, heardB] = [record(a), record(b)];
    await a.refresh();
    await vi.waitFor(() => expect(heardB.some((e) => e.type === 'hand-off')).toBe(true));
    expect(heardA.filter((e) => e.type === 'hand-off')).toEqual([
      expect.objectContaining({ from: 'this-tab', generation: 1 }),
    ]);
    expect(heardB).toEqual([
      expect.objectContaining({
        type: 'session',
        event: 'TOKENS_REFRESHED',
        inOtherTab: true,
        generation: 1,
      }),
      expect.objectContaining({ type: 'hand-off', from: 'other-tab', generation: 1 }),
    ]);
    expect(refreshRequests()).toHaveLength(1);
    const out = vi.waitFor(() => expect(heardB.at(-2)).toMatchObject({ event: 'SIGNED_OUT' }));
    await a.clear();
    await out;
    expect(heardB.at(-2)).toMatchObject({ ended: { reason: 'signed_out', inOtherTab: true } });
  });

  test('no event carries a token value', async () => {
    const tokens = manager();
    const member = memberTokens();
    const heard = record(tokens);
    await tokens.setTokens(member);
    const renewed = await tokens.refresh();
    await tokens.clear();
    const text = JSON.stringify(heard);
    for (const value of [
      member.accessToken.value,
      member.refreshToken.value,
      renewed.accessToken.value,
      renewed.refreshToken.value,
    ])
      expect(text).not.toContain(value);
    expect(
      heard.filter((e) => e.type === 'session').map((e) => e.type === 'session' && e.event),
    ).toEqual(['SIGNED_IN', 'TOKENS_REFRESHED', 'SIGNED_OUT']);
  });

  test('listening reads and requests nothing; a throwing listener stops neither the manager nor the others; stop() ends it', async () => {
    vi.useFakeTimers({ toFake: ['queueMicrotask'] });
    const tokens = manager();
    const heard: InspectionEvent[] = [];
    inspect(tokens, () => {
      throw new Error('listener bug');
    });
    const stop = inspect(tokens, (event) => heard.push(event));
    expect(platform.state.requests).toHaveLength(0);
    await tokens.getTokens();
    expect(heard.map((e) => e.type)).toEqual(['renewal-start', 'renewal-end', 'session']);
    stop();
    await tokens.refresh();
    expect(heard).toHaveLength(3);
  });

  test('inspecting what is not a token manager is a typed error naming the parameter', () => {
    for (const notAManager of [undefined, null, {}, { getTokens() {} }]) {
      expect(() => inspect(notAManager as never, () => {})).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringContaining(
            'manager must be a token manager made by createTokenManager of @site-identity/tokens; got',
          ),
        }),
      );
    }
  });

  test('a listener that is not a function is a typed error naming the parameter', () => {
    const tokens = manager();
    expect(() => inspect(tokens, 'log' as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('listener must be a function; got'),
      }),
    );
  });
});
