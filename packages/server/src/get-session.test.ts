import { describe, expect, test } from 'vitest';
import { SITE, testBrowser, testSite } from './test-platform';

const HOUR = 3_600_000;

describe('getSession', () => {
  test('a new visitor gets visitor tokens and the cookie that keeps them', async () => {
    const site = testSite();
    const { snapshot, accessToken, headers, expiresAt } = await site.identity.getSession(
      new Request(`${SITE}/`),
    );
    expect(snapshot).toEqual({ status: 'visitor', tokens: null });
    expect(site.platform.state.tokens.describe(accessToken!)?.role).toBe('visitor');
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000);
    const [cookie, ...rest] = headers.getSetCookie();
    expect(rest).toEqual([]);
    expect(cookie).toMatch(
      /^site-identity=[\w-]+; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toContain(accessToken!);
  });

  test('the same visitor, again: the same tokens, nothing to set, no platform call', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.send('/auth/session');
    const first = await browser.session();
    const calls = site.platform.state.requests.length;
    const second = await browser.session();
    expect(second.accessToken).toBe(first.accessToken);
    expect(second.headers.getSetCookie()).toEqual([]);
    expect(site.platform.state.requests.length).toBe(calls);
  });

  test('Secure on https and on http to other hosts; not on http://localhost or 127.0.0.1', async () => {
    const site = testSite();
    const cookieFor = async (url: string) =>
      (await site.identity.getSession(new Request(url))).headers.getSetCookie()[0];
    expect(await cookieFor('https://shop.example/')).toMatch(/; Secure$/);
    expect(await cookieFor('http://shop.example/')).toMatch(/; Secure$/);
    expect(await cookieFor('http://localhost:3000/')).not.toMatch(/Secure/);
    expect(await cookieFor('http://127.0.0.1:4480/')).not.toMatch(/Secure/);
  });

  test('headers without a URL (a server component): the origin comes from host and x-forwarded-proto', async () => {
    const site = testSite();
    const session = await site.identity.getSession({
      headers: new Headers({ host: 'shop.example', 'x-forwarded-proto': 'https' }),
    });
    expect(session.headers.getSetCookie()[0]).toMatch(/; Secure$/);
  });

  test.each([
    ['tampered', (v: string) => v.slice(0, 10) + (v[10] === 'A' ? 'B' : 'A') + v.slice(11)],
    ['truncated', (v: string) => v.slice(0, 30)],
    ['garbage', () => 'not-a-cookie'],
    ['empty', () => ''],
  ])('a %s cookie is a visitor, never an exception', async (_, spoil) => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const value = browser.jar.get('site-identity')!.value;
    const session = await site.identity.getSession(
      new Request(SITE, { headers: { cookie: `site-identity=${spoil(value)}` } }),
    );
    expect(session.snapshot.status).toBe('visitor');
    expect(session.headers.getSetCookie()[0]).toMatch(/^site-identity=[\w-]+;/);
  });

  test('a cookie sealed with another secret is a visitor', async () => {
    const other = testSite({ secret: 'another-secret-that-is-32-chars-long!!' });
    const site = testSite({ platform: other.platform });
    const { headers } = await other.identity.getSession(new Request(SITE));
    const cookie = headers.getSetCookie()[0]!.split(';')[0]!;
    const session = await site.identity.getSession(new Request(SITE, { headers: { cookie } }));
    expect(session.snapshot.status).toBe('visitor');
  });

  test('a cookie past sessionMaxAgeSeconds is a visitor, even if the browser still sends it', async () => {
    const site = testSite({ sessionMaxAgeSeconds: 3600 });
    const browser = testBrowser(site);
    await browser.hostedLogin();
    expect((await browser.session()).snapshot.status).toBe('member');
    site.advance(HOUR + 1000);
    const session = await browser.session();
    expect(session.snapshot.status).toBe('visitor');
  });

  test('key rotation: a cookie of the previous secret keeps the member and is sealed again', async () => {
    const old = testSite();
    const browser = testBrowser(old);
    await browser.hostedLogin();
    const rotated = testSite({
      platform: old.platform,
      secret: undefined,
      secrets: ['the-new-secret-of-at-least-32-chars!', 'test-secret-0123456789-abcdefghijklmnop'],
    });
    const session = await rotated.identity.getSession(
      new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
    );
    expect(session.snapshot.status).toBe('member');
    expect(session.headers.getSetCookie()).toHaveLength(1);
  });

  test('an expired access token is renewed through the refresh token; the member stays', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const before = await browser.session();
    site.advance(2 * HOUR);
    const after = await browser.session();
    expect(after.snapshot.status).toBe('member');
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(site.platform.state.tokens.describe(after.accessToken!)?.role).toBe('member');
    expect(after.headers.getSetCookie()).toHaveLength(1);
    expect(site.refreshRequests()).toBe(1);
  });

  test('100 concurrent requests with one expired cookie make one refresh request and agree', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.advance(2 * HOUR);
    const cookie = browser.cookieHeader();
    const sessions = await Promise.all(
      Array.from({ length: 100 }, () =>
        site.identity.getSession(new Request(SITE, { headers: { cookie } })),
      ),
    );
    expect(site.refreshRequests()).toBe(1);
    expect(new Set(sessions.map((s) => s.accessToken)).size).toBe(1);
    expect(sessions.every((s) => s.snapshot.status === 'member')).toBe(true);
  });

  test('a request that still carries the old cookie after a rotation gets the renewed tokens, not a second refresh', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.advance(2 * HOUR);
    const old = browser.cookieHeader();
    const first = await site.identity.getSession(new Request(SITE, { headers: { cookie: old } }));
    const late = await site.identity.getSession(new Request(SITE, { headers: { cookie: old } }));
    expect(late.accessToken).toBe(first.accessToken);
    expect(late.snapshot.status).toBe('member');
    expect(site.refreshRequests()).toBe(1);
  });

  test.each([
    ['a 503', { kind: 'status', status: 503 }],
    ['a network failure', { kind: 'network' }],
    ['a 404 of a misrouted proxy', { kind: 'status', status: 404 }],
    ['a 403', { kind: 'status', status: 403 }],
    ['an HTML page', { kind: 'html' }],
  ] as const)(
    '%s from the token endpoint keeps the member (no access token, an error, no cookie change)',
    async (_, fault) => {
      const site = testSite();
      const browser = testBrowser(site);
      await browser.hostedLogin();
      site.advance(2 * HOUR);
      site.platform.faults.inject({ path: '/oauth2/token', ...fault });
      const session = await browser.session();
      expect(session.snapshot.status).toBe('member');
      expect(session.accessToken).toBeUndefined();
      expect(session.error).toBeDefined();
      expect(session.headers.getSetCookie()).toEqual([]);
      expect(String(session.error)).not.toMatch(/refresh/i);
      // It heals on the next request.
      const healed = await browser.session();
      expect(healed.snapshot.status).toBe('member');
      expect(healed.accessToken).toBeDefined();
    },
  );

  test('the platform rejecting the refresh token (revoked) is the only way a member becomes a visitor', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const member = [...site.platform.state.members.values()].find(
      (m) => m.email === 'ada@example.com',
    )!;
    site.platform.state.tokens.revoke({ memberId: member.id });
    site.advance(2 * HOUR);
    const session = await browser.session();
    expect(session.snapshot.status).toBe('visitor');
    expect(site.platform.state.tokens.describe(session.accessToken!)?.role).toBe('visitor');
  });

  test('no platform at all for a new visitor: status none, an error, no exception', async () => {
    const site = testSite();
    site.platform.faults.inject({ kind: 'network', times: Infinity });
    const session = await site.identity.getSession(new Request(SITE));
    expect(session.snapshot.status).toBe('none');
    expect(session.accessToken).toBeUndefined();
    expect(session.error).toBeDefined();
  });

  test.each([null, undefined, 'x', {}, { headers: {} }])(
    'getSession(%j) is a typed error',
    async (bad) => {
      const site = testSite();
      await expect(site.identity.getSession(bad as never)).rejects.toMatchObject({
        name: 'ServerIdentityError',
        code: 'INVALID_ARGUMENT',
      });
    },
  );
});
