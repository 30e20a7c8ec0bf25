// @vitest-environment happy-dom
import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SessionEvent } from './session';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import { createTokenManager } from './token-manager';
import type { TokenManager } from './token-manager-types';
import type { Tokens } from './types';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
const KEY = 'site-identity:client-1:tokens';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  platform.reset();
  localStorage.clear();
  vi.useRealTimers();
});
afterAll(() => server.close());

const tabs: TokenManager[] = [];
afterEach(() => tabs.splice(0).forEach((tab) => tab.dispose()));

/** A "tab": its own manager over the shared storage, talking over the shared BroadcastChannel name. */
function tab(storage: TokenStorage): TokenManager {
  const manager = createTokenManager({ clientId: 'client-1', storage, onError: () => {} });
  tabs.push(manager);
  return manager;
}

const tokenRequests = (grantType?: string) =>
  platform.state.requests.filter(
    (entry) => entry.path === '/oauth2/token' && (!grantType || entry.grantType === grantType),
  );

function memberTokens(): Tokens {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: 'client-1',
    memberId: 'm-1',
  });
  return {
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + issued.expires_in,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
}

function nextEvent(manager: TokenManager): Promise<SessionEvent | undefined> {
  return new Promise((resolve) => {
    const stop = manager.subscribe((_snapshot, event) => {
      stop();
      resolve(event);
    });
  });
}

describe('two tabs over one storage', () => {
  test('a sign-in in one tab reaches the other (BroadcastChannel)', async () => {
    const storage = memoryStorage();
    const [a, b] = [tab(storage), tab(storage)];
    expect(b.getSnapshot().status).toBe('none');
    const heard = nextEvent(b);
    const member = memberTokens();
    await a.setTokens(member);
    await expect(heard).resolves.toBe('SIGNED_IN');
    expect(b.getSnapshot()).toMatchObject({ status: 'member', tokens: member });
    const out = nextEvent(b);
    await a.clear();
    await expect(out).resolves.toBe('SIGNED_OUT');
    expect(b.isLoggedIn()).toBe(false);
  });

  test('a tab renewing after another tab renewed uses the stored tokens, with no request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    const [a, b] = [tab(storage), tab(storage)];
    b.getSnapshot();
    await a.setTokens(memberTokens());
    vi.setSystemTime(Date.now() + 3600_000);
    b.dispose(); // b hears nothing: it must find the renewed tokens by reading storage first
    const renewed = await a.getTokens();
    expect(await b.getTokens()).toEqual(renewed);
    expect(tokenRequests('refresh_token')).toHaveLength(1);
  });

  test('with rotation, two tabs renewing at once both stay signed in (no Web Locks)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    const [a, b] = [tab(storage), tab(storage)];
    await a.setTokens(memberTokens());
    await vi.waitFor(() => expect(b.isLoggedIn()).toBe(true));
    const events: (SessionEvent | undefined)[] = [];
    for (const manager of [a, b]) manager.subscribe((_snapshot, event) => events.push(event));
    vi.setSystemTime(Date.now() + 3600_000);
    const [fromA, fromB] = await Promise.all([a.getTokens(), b.getTokens()]);
    expect(fromA.refreshToken.role).toBe('member');
    expect(fromB).toEqual(fromA);
    expect(events).not.toContain('SESSION_EXPIRED');
    // one tab's refresh token was spent by the other: rejected, then the winner's tokens adopted
    expect(
      tokenRequests('refresh_token')
        .map((entry) => entry.status)
        .sort(),
    ).toEqual([200, 400]);
    expect(tokenRequests('anonymous')).toHaveLength(0);
    expect(platform.state.tokens.describe(fromA.refreshToken.value)?.status).toBe('active');
  });

  test('with Web Locks, two tabs renewing at once send one request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let held: Promise<unknown> = Promise.resolve();
    const request = vi.fn((_name: string, _options: unknown, callback: () => Promise<unknown>) => {
      const run = held.then(callback);
      held = run.catch(() => undefined);
      return run;
    });
    vi.stubGlobal('navigator', { locks: { request } });
    const storage = memoryStorage();
    const [a, b] = [tab(storage), tab(storage)];
    await a.setTokens(memberTokens());
    vi.setSystemTime(Date.now() + 3600_000);
    const [fromA, fromB] = await Promise.all([a.getTokens(), b.getTokens()]);
    expect(fromB).toEqual(fromA);
    expect(tokenRequests()).toHaveLength(1);
    expect(request).toHaveBeenCalledWith(`${KEY}:renew`, expect.anything(), expect.any(Function));
  });

  test('a storage event from another tab is adopted (webStorage)', async () => {
    const manager = tab(webStorage(localStorage));
    expect(manager.getSnapshot().status).toBe('none');
    const member = memberTokens();
    localStorage.setItem(KEY, JSON.stringify(member));
    const heard = nextEvent(manager);
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: KEY,
        newValue: JSON.stringify(member),
        storageArea: localStorage,
      }),
    );
    await expect(heard).resolves.toBe('SIGNED_IN');
    expect(manager.getSnapshot().tokens).toEqual(member);
  });

  test('crossTab: false hears nothing from other tabs', async () => {
    const storage = memoryStorage();
    const a = tab(storage);
    const b = createTokenManager({ clientId: 'client-1', storage, crossTab: false });
    tabs.push(b);
    b.getSnapshot();
    await a.setTokens(memberTokens());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b.getSnapshot().status).toBe('none');
  });

  test('by default a browser tab keeps its tokens in localStorage', async () => {
    const manager = createTokenManager({ clientId: 'client-1' });
    tabs.push(manager);
    const tokens = await manager.getTokens();
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject(tokens);
    const reloaded = createTokenManager({ clientId: 'client-1' });
    tabs.push(reloaded);
    expect(reloaded.getSnapshot().tokens).toEqual(tokens);
  });
});
