import { createTokenManager, type SessionEvent } from '@site-identity/tokens';
import { describe, expect, test } from 'vitest';
import { SERVER_SESSION_PLACEHOLDER, serverSessionSource } from './server-session-source';
import { SITE, testBrowser, testSite } from './test-platform';

/** A Web Storage in memory, like a tab's localStorage. */
function memoryWebStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A page of the site: its token manager on the server session, fetching through the browser's cookies. */
async function page(options: { exposeAccessToken?: boolean } = {}) {
  const site = testSite({ exposeAccessToken: options.exposeAccessToken ?? true });
  const browser = testBrowser(site);
  await browser.hostedLogin();
  const initialSession = (await browser.session()).snapshot;
  const sessionCalls: string[] = [];
  const storage = memoryWebStorage();
  const manager = createTokenManager({
    clientId: 'test-client',
    crossTab: false,
    ...serverSessionSource({
      origin: SITE,
      initialSession,
      storage,
      fetch: async (request) => {
        sessionCalls.push(`${request.method} ${new URL(request.url).pathname}`);
        return browser.send(new URL(request.url).pathname, { headers: request.headers });
      },
    }),
  });
  return { site, browser, manager, sessionCalls, storage };
}

describe('serverSessionSource', () => {
  test('the session starts as the server rendered it: member at once, before any request', async () => {
    const { manager, sessionCalls } = await page();
    expect(manager.getSnapshot().status).toBe('member');
    expect(manager.isLoggedIn()).toBe(true);
    expect(sessionCalls).toEqual([]);
  });

  test('access tokens come from GET /auth/session, once for any number of callers; the refresh token never reaches the page', async () => {
    const { site, manager, sessionCalls, storage } = await page();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => manager.getAccessToken()));
    expect(sessionCalls).toEqual(['GET /auth/session']);
    expect(new Set(tokens).size).toBe(1);
    expect(site.platform.state.tokens.describe(tokens[0]!)).toMatchObject({
      role: 'member',
      status: 'active',
    });
    const held = manager.getSnapshot().tokens!;
    expect(held.refreshToken.value).toBe(`${SERVER_SESSION_PLACEHOLDER}member`);
    for (let i = 0; i < storage.length; i++)
      expect(storage.getItem(storage.key(i)!)).not.toMatch(
        /"refreshToken":\{"value":"(?!server-session:)/,
      );
  });

  test('an expired access token is renewed through the server, which renews through its cookie', async () => {
    const { site, manager, sessionCalls } = await page();
    const first = await manager.getAccessToken();
    site.advance(2 * 3_600_000);
    const renewed = await manager.refresh();
    expect(renewed.accessToken.value).not.toBe(first);
    expect(renewed.refreshToken.role).toBe('member');
    expect(sessionCalls).toEqual(['GET /auth/session', 'GET /auth/session']);
    expect(site.refreshRequests()).toBe(1);
  });

  test('a session the platform ended on the server comes back as SESSION_EXPIRED, then visitor tokens', async () => {
    const { site, manager } = await page();
    await manager.getAccessToken();
    const events: (SessionEvent | undefined)[] = [];
    manager.subscribe((_, event) => events.push(event));
    const member = [...site.platform.state.members.values()].find(
      (m) => m.email === 'ada@example.com',
    )!;
    site.platform.state.tokens.revoke({ memberId: member.id });
    site.advance(2 * 3_600_000);
    const next = await manager.refresh();
    expect(next.refreshToken.role).toBe('visitor');
    expect(events).toContain('SESSION_EXPIRED');
    expect(manager.getSnapshot().status).toBe('visitor');
  });

  test('the server failing for a moment keeps the member and rejects with a typed error', async () => {
    const { site, manager } = await page();
    site.advance(2 * 3_600_000);
    site.platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ name: 'TokenEndpointError' });
    expect(manager.getSnapshot().status).toBe('member');
    expect(await manager.getAccessToken()).toEqual(expect.any(String));
  });

  test('without exposeAccessToken on the server: a typed error, the member kept', async () => {
    const { manager } = await page({ exposeAccessToken: false });
    await expect(manager.getAccessToken()).rejects.toMatchObject({ name: 'TokenEndpointError' });
    expect(manager.getSnapshot().status).toBe('member');
  });

  test('other requests through the same fetch pass through untouched', async () => {
    const seen: string[] = [];
    const source = serverSessionSource({
      origin: SITE,
      storage: memoryWebStorage(),
      fetch: async (request) => (seen.push(request.url), new Response('ok')),
    });
    expect(await (await source.fetch(new Request('https://www.wixapis.com/x'))).text()).toBe('ok');
    expect(seen).toEqual(['https://www.wixapis.com/x']);
  });

  test('tokens another tab holds for the same role are kept; a role the server no longer has is replaced', async () => {
    const storage = memoryWebStorage();
    const key = serverSessionSource({ origin: SITE, storage }).storageKey;
    const member = {
      accessToken: { value: 'fresh', expiresAt: 4_000_000_000 },
      refreshToken: { value: `${SERVER_SESSION_PLACEHOLDER}member`, role: 'member' },
    };
    storage.setItem(key, JSON.stringify(member));
    serverSessionSource({ origin: SITE, storage, initialSession: { status: 'member' } });
    expect(JSON.parse(storage.getItem(key)!)).toEqual(member);
    serverSessionSource({ origin: SITE, storage, initialSession: { status: 'visitor' } });
    expect(
      (JSON.parse(storage.getItem(key)!) as { refreshToken: { role: string } }).refreshToken.role,
    ).toBe('visitor');
  });
});
