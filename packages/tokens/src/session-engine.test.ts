// @vitest-environment happy-dom
// The six ways a member used to be lost or a refresh token spent twice, each as it happened.
import { createMockPlatform } from '@site-identity/mock-platform';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { isTokenEndpointError } from './tokens-error';
import type { InspectionEvent } from './inspection-events';
import { inspect } from './inspection';
import type { SessionEvent } from './session';
import type { TokenStorage } from './storage';
import { createTokenManager } from './token-manager';
import type { TokenManager, TokenManagerOptions } from './token-manager-types';
import type { Tokens } from './types';

const CLIENT_ID = 'client-engine';
const KEY = `site-identity:${CLIENT_ID}:tokens`;
let platform = createMockPlatform();

/** Web Locks for the tabs of this process: exclusive, first come first served, abortable while waiting. */
function installLocks(): void {
  const queues = new Map<string, (() => void)[]>();
  const busy = new Set<string>();
  const grant = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else busy.delete(name);
  };
  const request = (
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const run = () => {
        options.signal?.removeEventListener('abort', abort);
        busy.add(name);
        Promise.resolve()
          .then(callback)
          .then(resolve, reject)
          .finally(() => grant(name));
      };
      const abort = () => {
        const queue = queues.get(name) ?? [];
        queue.splice(queue.indexOf(run), 1);
        reject(new DOMException('aborted', 'AbortError'));
      };
      if (!busy.has(name)) return run();
      options.signal?.addEventListener('abort', abort);
      queues.set(name, [...(queues.get(name) ?? []), run]);
    });
  vi.stubGlobal('navigator', { locks: { request } });
}

/** The storage the tabs share (as `localStorage` is), with a hook per tab. */
function sharedStorage() {
  const items = new Map<string, string>();
  const base: TokenStorage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
  return { items, base };
}

const tabs: TokenManager[] = [];
function tab(storage: TokenStorage, options: Partial<TokenManagerOptions> = {}): TokenManager {
  const manager = createTokenManager({
    clientId: CLIENT_ID,
    storage,
    fetch: (request) => platform.fetch(request),
    onError: () => {},
    ...options,
  });
  tabs.push(manager);
  return manager;
}

function events(managers: TokenManager[]): (SessionEvent | undefined)[] {
  const heard: (SessionEvent | undefined)[] = [];
  for (const manager of managers) manager.subscribe((_snapshot, event) => heard.push(event));
  return heard;
}

function memberTokens(): Tokens {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: CLIENT_ID,
    memberId: 'm-1',
  });
  return {
    accessToken: { value: issued.access_token, expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
}

/** Every refresh token the tabs presented, in order. */
const presented: string[] = [];
const presentedTwice = () => presented.filter((token, i) => presented.indexOf(token) !== i);

function recordingFetch(delayFirstMs = 0) {
  let first = true;
  return async (request: Request): Promise<Response> => {
    const body = (await request.clone().json()) as { grantType?: string; refreshToken?: string };
    if (body.grantType === 'refresh_token') {
      presented.push(String(body.refreshToken));
      if (first && delayFirstMs) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, delayFirstMs));
      }
    }
    // An answer takes a moment, as over any network.
    await new Promise((resolve) => setTimeout(resolve, 2));
    return platform.fetch(request);
  };
}

beforeEach(() => {
  platform = createMockPlatform();
  presented.length = 0;
  installLocks();
});
afterEach(() => {
  tabs.splice(0).forEach((manager) => manager.dispose());
  vi.unstubAllGlobals();
  localStorage.clear();
  vi.useRealTimers();
});

/** Lets every pending promise and message settle (BroadcastChannel delivers on a later task). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the session engine keeps members and presents each refresh token once', () => {
  test('1: a refresh answer slower than the old lock time-out (6 s) keeps the member in every tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { base } = sharedStorage();
    const fetch = recordingFetch(6_000);
    const [a, b] = [tab(base, { fetch }), tab(base, { fetch })];
    await a.setTokens(memberTokens());
    await vi.advanceTimersByTimeAsync(10);
    const heard = events([a, b]);
    vi.setSystemTime(Date.now() + 3_600_000);
    const fromA = a.getTokens();
    await vi.advanceTimersByTimeAsync(100);
    const fromB = b.getTokens();
    await vi.advanceTimersByTimeAsync(12_000);
    const [tokensA, tokensB] = await Promise.all([fromA, fromB]);
    expect(tokensA.refreshToken.role).toBe('member');
    expect(tokensB).toEqual(tokensA);
    expect(heard).not.toContain('SESSION_EXPIRED');
    expect([a.isLoggedIn(), b.isLoggedIn()]).toEqual([true, true]);
    expect(presented).toHaveLength(1);
    expect(platform.state.requests.filter((r) => r.grantType === 'anonymous')).toHaveLength(0);
  });

  test('2: getTokens() and refresh() together on an expired session send one refresh request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { base } = sharedStorage();
    const manager = tab(base, { crossTab: false, fetch: recordingFetch() });
    await manager.setTokens(memberTokens());
    vi.setSystemTime(Date.now() + 3_600_000);
    const [got, refreshed] = await Promise.all([manager.getTokens(), manager.refresh()]);
    expect(refreshed).toEqual(got);
    expect(presented).toHaveLength(1);
    expect(manager.isLoggedIn()).toBe(true);
    // a refresh() after that one renews again: it asks for tokens later than those it saw
    await manager.refresh();
    expect(presented).toHaveLength(2);
    expect(presentedTwice()).toEqual([]);
  });

  test('3: one tab whose setItem throws (quota) shares its renewed tokens; no tab is logged out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { base } = sharedStorage();
    const failing: TokenStorage = {
      ...base,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    const fetch = recordingFetch();
    const [a, b, c] = [tab(failing, { fetch }), tab(base, { fetch }), tab(base, { fetch })];
    await b.setTokens(memberTokens());
    await settle();
    expect([a.isLoggedIn(), c.isLoggedIn()]).toEqual([true, true]);
    const heard = events([a, b, c]);
    vi.setSystemTime(Date.now() + 3_600_000);
    const renewed = await a.getTokens(); // the failing tab renews first
    await settle();
    vi.setSystemTime(Date.now() + 1_000);
    expect(await b.getTokens()).toEqual(renewed);
    expect(await c.getTokens()).toEqual(renewed);
    expect([a, b, c].map((m) => m.isLoggedIn())).toEqual([true, true, true]);
    expect(heard).not.toContain('SESSION_EXPIRED');
    expect(presentedTwice()).toEqual([]);
    // a tab whose storage works wrote the renewed tokens for the tabs to come
    await settle();
    expect(JSON.parse(base.getItem(KEY) as string)).toMatchObject(renewed);
  });

  test('4: a corrupt record written by hand signs no tab out; the good record is written back', async () => {
    const [a, b] = [tab(webStorage()), tab(webStorage())];
    const member = memberTokens();
    await a.setTokens(member);
    await settle();
    expect(b.isLoggedIn()).toBe(true);
    const heard = events([a, b]);
    localStorage.setItem(KEY, '{"accessToken":');
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: KEY,
        newValue: '{"accessToken":',
        storageArea: localStorage,
      }),
    );
    await settle();
    expect([a.isLoggedIn(), b.isLoggedIn()]).toEqual([true, true]);
    expect(b.getSnapshot().tokens).toEqual(member);
    expect(heard).toEqual([]);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject(member);
    // clearing the record by hand is still a sign-out
    localStorage.removeItem(KEY);
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, newValue: null, storageArea: localStorage }),
    );
    await settle();
    expect([a.isLoggedIn(), b.isLoggedIn()]).toEqual([false, false]);
    expect(b.getSnapshot().ended).toEqual({ reason: 'storage_cleared', inOtherTab: true });
  });

  test('5: after a lock hand-off, a tab whose storage reads lag never presents a rotated refresh token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { base, items } = sharedStorage();
    // Tab b reads storage as it was before the latest write (a per-process cache that lags).
    let previous: string | undefined;
    const lagging: TokenStorage = {
      ...base,
      getItem: (key) => previous ?? items.get(key) ?? null,
    };
    const tracking: TokenStorage = {
      ...base,
      setItem: (key, value) => {
        previous = items.get(key);
        items.set(key, value);
      },
    };
    const fetch = recordingFetch();
    const [a, b] = [tab(tracking, { fetch }), tab(lagging, { fetch })];
    await a.setTokens(memberTokens());
    previous = undefined;
    await settle();
    const heard = events([a, b]);
    vi.setSystemTime(Date.now() + 3_600_000);
    const [fromA, fromB] = await Promise.all([a.getTokens(), b.getTokens()]);
    expect(fromB).toEqual(fromA);
    expect(presentedTwice()).toEqual([]);
    expect(presented).toHaveLength(1);
    expect(heard).not.toContain('SESSION_EXPIRED');
  });

  test.each([403, 404])(
    '6: a %i answer to the refresh grant keeps the member and rejects typed, not retryable',
    async (status) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const { base } = sharedStorage();
      const manager = tab(base, { crossTab: false });
      const member = memberTokens();
      await manager.setTokens(member);
      const heard = events([manager]);
      vi.setSystemTime(Date.now() + 3_600_000);
      platform.faults.inject({ path: '/oauth2/token', kind: 'status', status });
      const failure = await manager.getTokens().catch((error: unknown) => error);
      expect(isTokenEndpointError(failure)).toBe(true);
      expect(failure).toMatchObject({ status, retryable: false, invalidGrant: false });
      expect(manager.isLoggedIn()).toBe(true);
      expect(manager.getSnapshot().tokens).toEqual(member);
      expect(heard).not.toContain('SESSION_EXPIRED');
      expect(platform.state.requests.filter((r) => r.grantType === 'anonymous')).toHaveLength(0);
      // once the path is right again, the same refresh token renews
      expect((await manager.getTokens()).refreshToken.role).toBe('member');
    },
  );
});

describe('a session end names its reason, whichever news arrives first', () => {
  test('a sign-out in another tab that storage shows before the channel is named signed_out once the channel brings it', async () => {
    const { base } = sharedStorage();
    // Tab a hears its storage only when the test says so: here, before the channel.
    let storageChanged = () => {};
    const a = tab({
      ...base,
      subscribe: (_key, listener) => {
        storageChanged = listener;
        return () => {};
      },
    });
    const b = tab(base);
    await a.setTokens(memberTokens());
    await settle();
    expect(b.isLoggedIn()).toBe(true);
    const heard: [SessionEvent | undefined, unknown][] = [];
    a.subscribe((snapshot, event) => heard.push([event, snapshot.ended]));
    const traced: InspectionEvent[] = [];
    inspect(a, (event) => traced.push(event));

    await b.clear(); // removes the record, then posts the sign-out (delivered on a later task)
    storageChanged(); // the removal reaches tab a first: it cannot tell who removed it
    expect(heard).toEqual([['SIGNED_OUT', { reason: 'storage_cleared', inOtherTab: true }]]);
    await settle(); // then the channel: the tab that signed out says why
    expect(a.getSnapshot().ended).toEqual({ reason: 'signed_out', inOtherTab: true });
    // Subscribers see the reason corrected, without a second SIGNED_OUT.
    expect(heard).toEqual([
      ['SIGNED_OUT', { reason: 'storage_cleared', inOtherTab: true }],
      [undefined, { reason: 'signed_out', inOtherTab: true }],
    ]);
    // The inspection tells both, and the hand-off only for the news another tab sent.
    expect(traced.map((event) => event.type)).toEqual(['session', 'session', 'hand-off']);
    expect(traced[1]).toMatchObject({ event: 'SIGNED_OUT', ended: { reason: 'signed_out' } });
  });
});

function webStorage(): TokenStorage {
  return {
    getItem: (key) => localStorage.getItem(key),
    setItem: (key, value) => localStorage.setItem(key, value),
    removeItem: (key) => localStorage.removeItem(key),
    subscribe(key, listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
