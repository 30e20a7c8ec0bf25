// @vitest-environment happy-dom
// The page that comes back from the back/forward cache: its JavaScript state is the one it
// had when it was hidden, its timers were frozen, and the channel heard nothing meanwhile.
import { createMockPlatform } from '@site-identity/mock-platform';
import { describe, expect, test, vi } from 'vitest';
import type { InspectionEvent } from './inspection-events';
import { inspect } from './inspection';
import type { SessionEnd, SessionEvent } from './session';
import { autoRefresh } from './auto-refresh';
import { memoryStorage, type TokenStorage } from './storage';
import type { TokenManagerOptions } from './token-manager-types';
import { issueMemberTokens, platformTabs } from './test-platform';
import type { Tokens } from './types';

const CLIENT_ID = 'client-page-cache';
const platform = createMockPlatform();
const tabs = platformTabs(platform, CLIENT_ID);
const manager = (storage: TokenStorage, options: Partial<TokenManagerOptions> = {}) =>
  tabs({ storage, ...options });

/** What the browser fires when a page may go into the cache and when it comes back. */
function pageTransition(type: 'pagehide' | 'pageshow', persisted = true): void {
  const event = new Event(type);
  Object.defineProperty(event, 'persisted', { value: persisted });
  window.dispatchEvent(event);
}

const memberTokens = (expiresInSeconds?: number): Tokens =>
  issueMemberTokens(platform, CLIENT_ID, expiresInSeconds);

const tokenRequests = (grantType: string) =>
  platform.state.requests.filter((r) => r.path === '/oauth2/token' && r.grantType === grantType);

/** Tab B, while tab A is in the cache: signs out, then takes visitor tokens, and closes. */
async function signOutInAnotherTab(storage: TokenStorage): Promise<Tokens> {
  const b = manager(storage);
  await b.clear();
  const visitor = await b.getTokens();
  b.dispose();
  return visitor;
}

describe('back/forward cache', () => {
  test('restored after a sign-out in another tab: the sign-out is adopted before any token is served, and subscribers hear it', async () => {
    const storage = memoryStorage();
    const a = manager(storage);
    await a.setTokens(memberTokens());
    pageTransition('pagehide');
    const visitor = await signOutInAnotherTab(storage);
    // The channel was closed while the page was cached: nothing reached it.
    expect(a.getSnapshot().status).toBe('member');
    const heard: [SessionEvent | undefined, SessionEnd | undefined][] = [];
    a.subscribe((snapshot, event) => heard.push([event, snapshot.ended]));
    const traced: InspectionEvent[] = [];
    inspect(a, (event) => traced.push(event));
    pageTransition('pageshow');
    expect(a.getSnapshot().status).toBe('visitor');
    expect(heard).toEqual([['SIGNED_OUT', { reason: 'signed_out', inOtherTab: true }]]);
    expect(traced.map((e) => e.type)).toEqual(['session', 'hand-off', 'restored']);
    expect(traced[1]).toMatchObject({ from: 'other-tab', generation: 1 });
    await expect(a.getAccessToken()).resolves.toBe(visitor.accessToken.value);
    expect(tokenRequests('anonymous')).toHaveLength(1);
  });

  test('restored with an access token that expired while cached: the clock is read again and the first call renews first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const storage = memoryStorage();
    const a = manager(storage);
    const member = memberTokens(600);
    await a.setTokens(member);
    pageTransition('pagehide');
    vi.setSystemTime(Date.now() + 3_600_000);
    pageTransition('pageshow');
    const served = await a.getAccessToken();
    expect(served).not.toBe(member.accessToken.value);
    expect(tokenRequests('refresh_token')).toHaveLength(1);
    expect(a.getSnapshot().status).toBe('member');
  });

  test('with an asynchronous storage no token is served until the record has been read again', async () => {
    const items = new Map<string, string>();
    const storage: TokenStorage = {
      getItem: async (key) => items.get(key) ?? null,
      setItem: async (key, value) => void items.set(key, value),
      removeItem: async (key) => void items.delete(key),
    };
    const a = manager(storage);
    await a.setTokens(memberTokens());
    pageTransition('pagehide');
    const visitor = await signOutInAnotherTab(storage);
    pageTransition('pageshow');
    await expect(a.getAccessToken()).resolves.toBe(visitor.accessToken.value);
    expect(a.getSnapshot().status).toBe('visitor');
  });

  test('the channel opens again after the page is restored: a later sign-in elsewhere arrives', async () => {
    const storage = memoryStorage();
    const a = manager(storage);
    await a.getTokens();
    pageTransition('pagehide');
    pageTransition('pageshow');
    const b = manager(storage);
    const signedIn = new Promise<SessionEvent | undefined>((resolve) =>
      a.subscribe((_snapshot, event) => resolve(event)),
    );
    await b.setTokens(memberTokens());
    await expect(signedIn).resolves.toBe('SIGNED_IN');
  });

  test('a page shown or hidden without the cache, or a manager that never loaded, reads nothing', async () => {
    const storage = memoryStorage();
    const getItem = vi.spyOn(storage, 'getItem');
    const a = manager(storage);
    pageTransition('pageshow');
    expect(getItem).not.toHaveBeenCalled();
    await a.getTokens();
    const reads = getItem.mock.calls.length;
    pageTransition('pagehide', false);
    pageTransition('pageshow', false);
    expect(getItem).toHaveBeenCalledTimes(reads);
  });

  test('the page stays eligible for the cache: no unload or beforeunload handler; dispose removes the page listeners', async () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const a = manager(memoryStorage(), { autoRefresh });
    await a.getTokens();
    const types = add.mock.calls.map(([type]) => type);
    expect(types).toEqual(expect.arrayContaining(['pagehide', 'pageshow']));
    expect(types).not.toContain('unload');
    expect(types).not.toContain('beforeunload');
    a.dispose();
    expect(remove.mock.calls.map(([type]) => type)).toEqual(
      expect.arrayContaining(['pagehide', 'pageshow']),
    );
  });
});
