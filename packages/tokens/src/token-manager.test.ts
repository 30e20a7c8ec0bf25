import { createMockPlatform } from '@site-identity/mock-platform';
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { isTokenEndpointError, type TokensError } from './tokens-error';
import type { SessionEvent, SessionSnapshot } from './session';
import { authorizedClient } from './authorized-client';
import { autoRefresh } from './auto-refresh';
import { memoryStorage, type TokenStorage } from './storage';
import { createTokenManager } from './token-manager';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import type { Tokens } from './types';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
const KEY = 'site-identity:client-1:tokens';
const START = new Date('2030-01-01T00:00:00Z').getTime();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  platform.reset();
  vi.useRealTimers();
});
afterAll(() => server.close());

const managers: TokenManager[] = [];
afterEach(() => managers.splice(0).forEach((manager) => manager.dispose()));

function manager(options: Partial<TokenManagerOptions> = {}): TokenManager {
  const created = createTokenManager({
    clientId: 'client-1',
    storage: memoryStorage(),
    crossTab: false,
    onError: () => {},
    ...options,
  });
  managers.push(created);
  return created;
}

const tokenRequests = (grantType?: string) =>
  platform.state.requests.filter(
    (entry) => entry.path === '/oauth2/token' && (!grantType || entry.grantType === grantType),
  );

/** Member tokens the platform knows, as stored after a code exchange. */
function memberTokens(): Tokens {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: 'client-1',
    memberId: 'm-1',
  });
  return {
    accessToken: { value: issued.access_token, expiresAt: Date.now() / 1000 + issued.expires_in },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
}

function record(target: TokenManager): {
  snapshots: SessionSnapshot[];
  events: (SessionEvent | undefined)[];
} {
  const log = { snapshots: [] as SessionSnapshot[], events: [] as (SessionEvent | undefined)[] };
  target.subscribe((snapshot, event) => {
    log.snapshots.push(snapshot);
    log.events.push(event);
  });
  return log;
}

describe('getTokens', () => {
  test('without tokens fetches visitor tokens once and stores them under the default key', async () => {
    const storage = memoryStorage();
    const tokens = await manager({ storage }).getTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(JSON.parse(storage.getItem(KEY) as string)).toMatchObject(tokens);
    expect(tokenRequests('anonymous')).toHaveLength(1);
  });

  test('valid tokens are returned as they are, with no request', async () => {
    const stored = memberTokens();
    const storage = memoryStorage();
    await storage.setItem(KEY, JSON.stringify(stored));
    const subject = manager({ storage });
    expect(await subject.getTokens()).toEqual(stored);
    expect(await subject.getAccessToken()).toBe(stored.accessToken.value);
    expect(tokenRequests()).toHaveLength(0);
  });

  test('renews through the refresh token once inside the leeway, not before', async () => {
    const subject = manager({ leewaySeconds: 60 });
    await subject.setTokens(memberTokens());
    vi.setSystemTime(START + (3600 - 61) * 1000);
    await subject.getTokens();
    expect(tokenRequests()).toHaveLength(0);
    vi.setSystemTime(START + (3600 - 60) * 1000);
    const renewed = await subject.getTokens();
    expect(tokenRequests('refresh_token')).toHaveLength(1);
    expect(renewed.refreshToken.role).toBe('member');
    expect(renewed.accessToken.expiresAt).toBe(START / 1000 + 3540 + 3600);
    expect(subject.isLoggedIn()).toBe(true);
  });

  test('1,000 concurrent calls make exactly one request and share its tokens', async () => {
    const subject = manager();
    const results = await Promise.all(Array.from({ length: 1000 }, () => subject.getTokens()));
    expect(tokenRequests()).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
  });

  test('1,000 concurrent renewals of an expired member session make exactly one request', async () => {
    const subject = manager();
    await subject.setTokens(memberTokens());
    vi.setSystemTime(START + 3600_000);
    const results = await Promise.all(Array.from({ length: 1000 }, () => subject.getAccessToken()));
    expect(tokenRequests()).toMatchObject([{ grantType: 'refresh_token', status: 200 }]);
    expect(new Set(results).size).toBe(1);
  });

  test('a failure reaches every waiter, and the next call tries again', async () => {
    const subject = manager();
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => subject.getTokens()),
    );
    expect(
      outcomes.every(
        (outcome) => outcome.status === 'rejected' && isTokenEndpointError(outcome.reason),
      ),
    ).toBe(true);
    expect(tokenRequests()).toHaveLength(1);
    await expect(subject.getTokens()).resolves.toMatchObject({ refreshToken: { role: 'visitor' } });
    expect(tokenRequests()).toHaveLength(2);
  });

  test.each([
    ['a network failure', { kind: 'network' }, true],
    ['a time-out', { kind: 'timeout' }, true],
    ['a 500', { kind: 'status', status: 500 }, false],
    ['a 503', { kind: 'status', status: 503 }, true],
    ['a 429', { kind: 'status', status: 429 }, true],
    ['an HTML page', { kind: 'html' }, true],
  ] as const)(
    "%s keeps a member's stored tokens and rejects with an error that keeps the session (%j, retryable %s)",
    async (_name, fault, retryable) => {
      const storage = memoryStorage();
      const subject = manager({ storage, timeoutMs: 50 });
      const member = memberTokens();
      await subject.setTokens(member);
      const log = record(subject);
      vi.setSystemTime(START + 3600_000);
      platform.faults.inject({ path: '/oauth2/token', ...fault });
      const error = await subject.getTokens().catch((reason: unknown) => reason);
      expect(isTokenEndpointError(error) && [error.invalidGrant, error.retryable]).toEqual([
        false,
        retryable,
      ]);
      expect(subject.isLoggedIn()).toBe(true);
      expect(subject.getSnapshot()).toMatchObject({ status: 'member', tokens: member, error });
      expect(JSON.parse(storage.getItem(KEY) as string)).toMatchObject(member);
      expect(log.events).toEqual([undefined]);
      expect(tokenRequests('anonymous')).toHaveLength(0);
      const renewed = await subject.getTokens();
      expect(renewed.refreshToken.role).toBe('member');
      expect(subject.getSnapshot().error).toBeUndefined();
    },
  );

  test('a lost answer to a rotating refresh keeps the tokens for now; the spent refresh token then ends the session', async () => {
    const subject = manager();
    await subject.setTokens(memberTokens());
    const log = record(subject);
    vi.setSystemTime(START + 3600_000);
    platform.faults.inject({ path: '/oauth2/token', kind: 'truncated' });
    const error = await subject.getTokens().catch((reason: unknown) => reason);
    expect(isTokenEndpointError(error) && error.code).toBe('INVALID_RESPONSE');
    expect(isTokenEndpointError(error) && error.invalidGrant).toBe(false);
    expect(subject.isLoggedIn()).toBe(true);
    // The platform rotated the refresh token but its answer never arrived: nothing on the client can revive it.
    await expect(subject.getTokens()).resolves.toMatchObject({ refreshToken: { role: 'visitor' } });
    expect(log.events).toEqual([undefined, 'SESSION_EXPIRED']);
  });

  test('a rejected member refresh token falls back to visitor tokens with SESSION_EXPIRED', async () => {
    const subject = manager();
    const member = memberTokens();
    await subject.setTokens(member);
    platform.state.tokens.revoke({ memberId: 'm-1' });
    const log = record(subject);
    vi.setSystemTime(START + 3600_000);
    const tokens = await subject.getTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(subject.isLoggedIn()).toBe(false);
    expect(log.events).toEqual(['SESSION_EXPIRED']);
    expect(tokenRequests().map((entry) => [entry.grantType, entry.status])).toEqual([
      ['refresh_token', 400],
      ['anonymous', 200],
    ]);
  });

  test('a rejected visitor refresh token gets new visitor tokens without SESSION_EXPIRED', async () => {
    const subject = manager();
    await subject.getTokens();
    platform.state.tokens.clear();
    const log = record(subject);
    vi.setSystemTime(START + 3600_000);
    await subject.getTokens();
    expect(log.events).toEqual(['TOKENS_REFRESHED']);
  });

  test('setTokens during a renewal wins over its answer', async () => {
    const subject = manager();
    platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 20 });
    const pending = subject.getTokens();
    const member = memberTokens();
    await subject.setTokens(member);
    await expect(pending).resolves.toEqual(member);
    expect(subject.getSnapshot().tokens).toEqual(member);
  });
});

describe('session', () => {
  test('the snapshot is the same object until something changes', async () => {
    const subject = manager();
    const first = subject.getSnapshot();
    expect(first).toEqual({ status: 'none', tokens: null });
    expect(subject.getSnapshot()).toBe(first);
    await subject.getTokens();
    const second = subject.getSnapshot();
    expect(second).not.toBe(first);
    expect(second.status).toBe('visitor');
    expect(Object.isFrozen(second)).toBe(true);
    await subject.getTokens();
    expect(subject.getSnapshot()).toBe(second);
  });

  test('events: first visitor tokens, SIGNED_IN, TOKENS_REFRESHED, SIGNED_OUT', async () => {
    const subject = manager();
    const log = record(subject);
    await subject.getTokens();
    await subject.setTokens(memberTokens());
    vi.setSystemTime(START + 3600_000);
    await subject.getTokens();
    await subject.clear();
    expect(log.events).toEqual(['TOKENS_REFRESHED', 'SIGNED_IN', 'TOKENS_REFRESHED', 'SIGNED_OUT']);
    expect(log.snapshots.map((snapshot) => snapshot.status)).toEqual([
      'visitor',
      'member',
      'member',
      'none',
    ]);
    expect(subject.isLoggedIn()).toBe(false);
  });

  test('clear removes the stored record; an unsubscribed listener hears nothing', async () => {
    const storage = memoryStorage();
    const subject = manager({ storage });
    const listener = vi.fn();
    const unsubscribe = subject.subscribe(listener);
    await subject.setTokens(memberTokens());
    unsubscribe();
    await subject.clear();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.getItem(KEY)).toBeNull();
  });

  test('an asynchronous storage starts loading, then tells subscribers', async () => {
    const member = memberTokens();
    const items = new Map([[KEY, JSON.stringify(member)]]);
    const storage: TokenStorage = {
      getItem: async (key) => items.get(key) ?? null,
      setItem: async (key, value) => void items.set(key, value),
      removeItem: async (key) => void items.delete(key),
    };
    const subject = manager({ storage });
    expect(subject.getSnapshot().status).toBe('loading');
    expect(subject.isLoggedIn()).toBe(false);
    const seen = new Promise<SessionSnapshot>((resolve) => subject.subscribe(resolve));
    await expect(seen).resolves.toMatchObject({ status: 'member', tokens: member });
    expect(subject.isLoggedIn()).toBe(true);
    await subject.clear();
    expect(items.has(KEY)).toBe(false);
  });

  test('setTokens checks its input', async () => {
    const subject = manager();
    for (const bad of [
      null,
      {},
      { accessToken: { value: 'a', expiresAt: 1 }, refreshToken: { value: '', role: 'member' } },
    ]) {
      await expect(subject.setTokens(bad as never)).rejects.toMatchObject({
        name: 'TokensError',
        code: 'INVALID_ARGUMENT',
      });
    }
    expect(() => subject.subscribe('listener' as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  test('a listener that throws does not stop the others', async () => {
    const subject = manager();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    const later = vi.fn();
    subject.subscribe(() => {
      throw new Error('listener bug');
    });
    subject.subscribe(later);
    await subject.getTokens();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('uncaughtException', onError);
    expect(later).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
  });
});

describe('storage problems', () => {
  test.each([
    ['not JSON', '{"accessToken":'],
    ['JSON of another shape', '{"hello":"world"}'],
    ['a bare string', '"token"'],
  ])('%s is reported without its content and ignored', async (_name, raw) => {
    const storage = memoryStorage();
    await storage.setItem(KEY, raw);
    const reports: TokensError[] = [];
    const subject = manager({ storage, onError: (error) => reports.push(error) });
    expect(subject.getSnapshot().status).toBe('none');
    expect(reports).toMatchObject([{ code: 'STORAGE_CORRUPT' }]);
    expect(reports[0]?.message).not.toContain(raw);
    await expect(subject.getTokens()).resolves.toMatchObject({ refreshToken: { role: 'visitor' } });
  });

  test('a storage that throws is reported once and the session carries on in memory', async () => {
    const broken: TokenStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    const reports: TokensError[] = [];
    const subject = manager({ storage: broken, onError: (error) => reports.push(error) });
    const tokens = await subject.getTokens();
    expect(await subject.getTokens()).toBe(tokens);
    await subject.clear();
    expect(subject.getSnapshot().status).toBe('none');
    expect(reports.map((error) => error.code)).toEqual(['STORAGE_UNAVAILABLE']);
    expect(tokenRequests()).toHaveLength(1);
  });

  test('reports go to console.warn by default, without token values', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const storage = memoryStorage();
    await storage.setItem(KEY, 'secret-token-value');
    createTokenManager({ clientId: 'client-1', storage, crossTab: false }).getSnapshot();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('secret-token-value');
  });
});

describe('operations that change or use the session', () => {
  const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const REDIRECT_URI = 'https://example.com/callback';
  function code(): string {
    platform.state.codes.set('code-1', {
      clientId: 'client-1',
      redirectUri: REDIRECT_URI,
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      memberId: 'm-1',
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    return 'code-1';
  }

  test('a member set replacing a member set is SIGNED_IN (a new member session); its renewal is TOKENS_REFRESHED', async () => {
    const subject = manager();
    const log = record(subject);
    await subject.setTokens(memberTokens());
    await subject.setTokens(memberTokens());
    vi.setSystemTime(START + 3600_000);
    await subject.getTokens();
    expect(log.events).toEqual(['SIGNED_IN', 'SIGNED_IN', 'TOKENS_REFRESHED']);
  });

  test('exchangeCode makes the member tokens the session, stored, with SIGNED_IN', async () => {
    const storage = memoryStorage();
    const subject = manager({ storage });
    await subject.getTokens();
    const log = record(subject);
    const tokens = await subject.exchangeCode({
      code: code(),
      codeVerifier: VERIFIER,
      redirectUri: REDIRECT_URI,
    });
    expect(tokens.refreshToken.role).toBe('member');
    expect(subject.getSnapshot().tokens).toEqual(tokens);
    expect(JSON.parse(storage.getItem(KEY) as string)).toMatchObject(tokens);
    expect(log.events).toEqual(['SIGNED_IN']);
  });

  test('exchangeCode that the endpoint rejects keeps the session and rejects typed', async () => {
    const subject = manager();
    const visitor = await subject.getTokens();
    const failure = await subject
      .exchangeCode({ code: 'unknown', codeVerifier: VERIFIER, redirectUri: REDIRECT_URI })
      .catch((error: unknown) => error);
    expect(isTokenEndpointError(failure) && failure.grantType).toBe('authorization_code');
    expect(subject.getSnapshot().tokens).toEqual(visitor);
  });

  test('exchangeCode racing a renewal ends with the exchanged tokens', async () => {
    const subject = manager();
    await subject.getTokens();
    const renewal = subject.refresh();
    const exchanged = subject.exchangeCode({
      code: code(),
      codeVerifier: VERIFIER,
      redirectUri: REDIRECT_URI,
    });
    await Promise.all([renewal, exchanged]);
    expect(subject.getSnapshot().tokens).toEqual(await exchanged);
  });

  test('authorizedClient answers member tokens for another member and leaves the session alone', async () => {
    const subject = manager();
    const own = await subject.getTokens();
    const log = record(subject);
    const other = await authorizedClient(subject, { memberId: 'm-2', secondToken: 'api-key' });
    expect(other.refreshToken.role).toBe('member');
    expect(platform.state.tokens.describe(other.accessToken.value)?.memberId).toBe('m-2');
    expect(subject.getSnapshot().tokens).toEqual(own);
    expect(log.events).toEqual([]);
  });

  test('authorizedClient of what is not a token manager is a typed error naming the parameter, before any request', async () => {
    for (const notAManager of [undefined, {}, { getTokens: async () => memberTokens() }])
      await expect(
        authorizedClient(notAManager as never, { memberId: 'm-2', secondToken: 'api-key' }),
      ).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(
          /^manager must be a token manager made by createTokenManager of @site-identity\/tokens; got /,
        ),
      });
    expect(platform.state.requests).toHaveLength(0);
  });

  test.each([
    [
      'no memberId',
      { secondToken: 'api-key' },
      /^memberId must be a non-empty string; got undefined$/,
    ],
    [
      'an empty second token',
      { memberId: 'm-2', secondToken: '' },
      /^secondToken must be a non-empty string; got an empty string$/,
    ],
    [
      'a header-breaking second token',
      { memberId: 'm-2', secondToken: 'k\r\n' },
      /^secondToken must be header-safe/,
    ],
    [
      'an empty session token',
      { memberId: 'm-2', secondToken: 'k', sessionToken: '' },
      /^sessionToken must be a non-empty string/,
    ],
  ])(
    'authorizedClient with %s is refused before the manager renews its own tokens: nothing is sent',
    async (_case, request, message) => {
      // A fresh manager has no tokens: asking it for its own would send a grant.
      const subject = manager();
      await expect(authorizedClient(subject, request as never)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(message),
      });
      expect(platform.state.requests).toHaveLength(0);
    },
  );

  test('authorizedClient checks the request, then asks the manager for its access token, then sends the grant', async () => {
    const subject = manager();
    const steps: string[] = [];
    const getAccessToken = subject.getAccessToken.bind(subject);
    vi.spyOn(subject, 'getAccessToken').mockImplementation(async (options) => {
      steps.push('access token');
      return getAccessToken(options);
    });
    const request = { memberId: 'm-2', secondToken: 'k\r\n' };
    await expect(authorizedClient(subject, request)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(steps).toEqual([]);
    const sent = platform.state.requests.length;
    await authorizedClient(subject, { memberId: 'm-2', secondToken: 'api-key' });
    steps.push(...platform.state.requests.slice(sent).map((entry) => String(entry.grantType)));
    expect(steps).toEqual(['access token', 'anonymous', 'authorized_client']);
  });
});

describe('construction', () => {
  test('reads nothing until first used, exposes the CDN flag and no endpoint', () => {
    const storage = { getItem: vi.fn(() => null), setItem: vi.fn(), removeItem: vi.fn() };
    const subject = manager({ storage });
    expect(storage.getItem).not.toHaveBeenCalled();
    expect(subject.servedThroughCdn).toBe(true);
    expect(subject.storageKey).toBe(KEY);
    expect('endpoint' in subject).toBe(false);
    subject.getSnapshot();
    expect(storage.getItem).toHaveBeenCalledWith(KEY);
  });

  test('a custom storage key', async () => {
    const storage = memoryStorage();
    await manager({ storage, storageKey: 'my-app:tokens' }).getTokens();
    expect(storage.getItem('my-app:tokens')).toMatch(/accessToken/);
  });

  test.each([
    ['no client id', { clientId: '' }],
    ['a negative leeway', { leewaySeconds: -1 }],
    ['a clock that is not a function', { now: 5 }],
  ])('%s throws INVALID_ARGUMENT', (_name, options) => {
    expect(() => manager(options as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  test('falls back to memory storage outside a browser', async () => {
    const subject = createTokenManager({ clientId: 'client-1' });
    managers.push(subject);
    await subject.getTokens();
    expect(subject.getSnapshot().status).toBe('visitor');
  });
});

describe('autoRefresh', () => {
  test('is the separate import: any other value is refused, naming it', () => {
    for (const given of [true, 'yes', {}])
      expect(() =>
        createTokenManager({ clientId: 'client-1', autoRefresh: given as never }),
      ).toThrow(
        /^autoRefresh must be autoRefresh from '@site-identity\/tokens\/auto-refresh' \(or false\); got /,
      );
    const off = createTokenManager({ clientId: 'client-1', autoRefresh: false });
    expect(off.getSnapshot().status).not.toBe('member');
    off.dispose();
  });

  test("called with anything but the manager's session, it is a typed error naming the parameter", () => {
    for (const given of [undefined, null, 'session', {}, { renew() {}, dueInMs() {} }])
      expect(() => autoRefresh(given as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(
            /^session must be the token manager's session \{ renew, dueInMs, retrying \} \(give autoRefresh to createTokenManager as its autoRefresh option\); got /,
          ),
        }),
      );
  });

  test('renews shortly before expiry and stops on dispose', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(START);
    const subject = manager({ autoRefresh });
    await subject.setTokens(memberTokens());
    await vi.advanceTimersByTimeAsync((3600 - 61) * 1000);
    expect(tokenRequests()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(tokenRequests('refresh_token')).toHaveLength(1));
    subject.dispose();
    await vi.advanceTimersByTimeAsync(4 * 3600 * 1000);
    expect(tokenRequests()).toHaveLength(1);
  });

  test('after a failed automatic renewal the snapshot says when the next try is, and the wait grows', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(START);
    const subject = manager({ autoRefresh });
    await subject.setTokens(memberTokens());
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503, times: 6 });
    const tries: number[] = [];
    subject.subscribe((snapshot) => {
      if (snapshot.nextRetryAt !== undefined) tries.push(snapshot.nextRetryAt - Date.now());
    });
    await vi.advanceTimersByTimeAsync((3600 - 60) * 1000);
    for (let i = 0; i < 6; i += 1) await vi.advanceTimersByTimeAsync(tries.at(-1) ?? 0);
    // six failures: each announced, the member kept, the waits from 5 s (the floor) up to 32 s
    expect(tries).toHaveLength(6);
    expect(subject.getSnapshot().status).toBe('member');
    expect(tries[0]).toBe(5_000);
    expect(tries[5]).toBeGreaterThanOrEqual(16_000);
    expect(tries[5]).toBeLessThanOrEqual(32_000);
    expect(tries.every((wait, i) => i === 0 || wait >= (tries[i - 1] ?? 0) / 2)).toBe(true);
    // the seventh try succeeds: no error, no retry time
    await vi.advanceTimersByTimeAsync(tries.at(-1) ?? 0);
    expect(subject.getSnapshot().error).toBeUndefined();
    expect(subject.getSnapshot().nextRetryAt).toBeUndefined();
    expect(subject.getSnapshot().status).toBe('member');
    subject.dispose();
  });
});

describe('property', () => {
  // With rotation, a 'truncated' answer spends the refresh token on the platform (tested above), so it
  // joins the faults only when the platform does not rotate.
  test.each([
    ['rotating', true, ['html', 'empty', 'wrong-shape']],
    ['non-rotating', false, ['html', 'empty', 'wrong-shape', 'truncated']],
  ] as const)(
    "%s refresh tokens: no sequence of transient faults and clock advances changes a member's role",
    async (_name, rotate, kinds) => {
      const fault = fc.oneof(
        fc.constantFrom('network', 'timeout').map((kind) => ({ kind }) as const),
        fc
          .constantFrom(500, 502, 503, 504, 429)
          .map((status) => ({ kind: 'status', status }) as const),
        fc.constantFrom(...kinds).map((kind) => ({ kind }) as const),
      );
      const step = fc.oneof(
        fault.map((spec) => ({ type: 'fault', spec }) as const),
        fc
          .integer({ min: 0, max: 3 * 3600 })
          .map((seconds) => ({ type: 'advance', seconds }) as const),
        fc.constant({ type: 'get' } as const),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
          platform.reset();
          platform.state.settings.rotateRefreshTokens = rotate;
          vi.setSystemTime(START);
          const subject = createTokenManager({
            clientId: 'client-1',
            storage: memoryStorage(),
            crossTab: false,
            timeoutMs: 5,
            onError: () => {},
          });
          await subject.setTokens(memberTokens());
          const events: (SessionEvent | undefined)[] = [];
          subject.subscribe((_snapshot, event) => events.push(event));
          for (const item of steps) {
            if (item.type === 'fault')
              platform.faults.inject({ path: '/oauth2/token', ...item.spec });
            else if (item.type === 'advance') vi.setSystemTime(Date.now() + item.seconds * 1000);
            else
              await subject
                .getTokens()
                .catch((error: unknown) =>
                  expect(isTokenEndpointError(error) && !error.invalidGrant).toBe(true),
                );
            expect(subject.isLoggedIn()).toBe(true);
          }
          platform.faults.clear();
          expect((await subject.getTokens()).refreshToken.role).toBe('member');
          expect(events).not.toContain('SESSION_EXPIRED');
          expect(events).not.toContain('SIGNED_OUT');
          expect(tokenRequests('anonymous')).toHaveLength(0);
          subject.dispose();
        }),
        { numRuns: 50 },
      );
    },
  );
});

describe('refresh', () => {
  test('renews valid member tokens through the refresh token, once for concurrent callers', async () => {
    const subject = manager();
    const before = memberTokens();
    await subject.setTokens(before);
    const log = record(subject);
    const results = await Promise.all(Array.from({ length: 100 }, () => subject.refresh()));
    expect(tokenRequests('refresh_token')).toHaveLength(1);
    expect(new Set(results.map((tokens) => tokens.accessToken.value)).size).toBe(1);
    expect(results[0]?.accessToken.value).not.toBe(before.accessToken.value);
    expect(results[0]?.refreshToken.role).toBe('member');
    expect(subject.isLoggedIn()).toBe(true);
    expect(log.events).toEqual(['TOKENS_REFRESHED']);
    expect(await subject.getAccessToken()).toBe(results[0]?.accessToken.value);
  });

  test('without tokens fetches visitor tokens', async () => {
    const subject = manager();
    const tokens = await subject.refresh();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokenRequests('anonymous')).toHaveLength(1);
  });

  test('a transient failure keeps the member and rejects with a retryable error', async () => {
    const subject = manager();
    const before = memberTokens();
    await subject.setTokens(before);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const error: unknown = await subject.refresh().catch((caught: unknown) => caught);
    expect(isTokenEndpointError(error) && error.retryable).toBe(true);
    expect(await subject.getTokens()).toEqual(before);
    expect(subject.isLoggedIn()).toBe(true);
  });
});
