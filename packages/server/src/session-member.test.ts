// getSession's member, with the platform behind MSW: the server calls the members API
// through the global fetch, as it does in production, and an unhandled request fails.
import { createMockPlatform } from '@site-identity/mock-platform';
import { strictListenOptions } from '@site-identity/mock-platform/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { isServerIdentityError } from './server-identity-error';
import { MEMBER_CACHE_MS } from './session-member';
import { ADA, SITE, testBrowser, testSite } from './test-platform';

const platform = createMockPlatform({
  members: [
    { ...ADA, profile: { firstName: 'Ada', lastName: 'Lovelace' } },
    { email: 'bob@example.com', password: 'pw', profile: { nickname: 'Bob' } },
  ],
});
const server = setupServer(...platform.handlers);
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => platform.reset());
afterAll(() => server.close());

/** A site whose platform calls go through the global fetch (MSW), not a fetch seam. */
const mswSite = () => testSite({ platform, fetch: undefined });
const memberReads = () =>
  platform.state.requests.filter((r) => r.path === '/members/v1/members/my').length;

describe('getSession(request, { member: true })', () => {
  test('a member is read through the members API, with the FULL fieldset', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const cookie = browser.cookieHeader();
    const session = await site.identity.getSession(new Request(SITE, { headers: { cookie } }), {
      member: true,
    });
    expect(session.snapshot.status).toBe('member');
    expect(session.member).toMatchObject({
      loginEmail: 'ada@example.com',
      contact: { firstName: 'Ada', lastName: 'Lovelace' },
      status: 'APPROVED',
    });
    expect(session.member?.id).toBe(
      site.platform.state.tokens.describe(session.accessToken!)?.memberId,
    );
    expect(session.memberError).toBeUndefined();
    const read = platform.state.requests.find((r) => r.path === '/members/v1/members/my');
    expect(read?.method).toBe('GET');
    expect(memberReads()).toBe(1);
  });

  test('a visitor: member null, and no members API request', async () => {
    const site = mswSite();
    const session = await site.identity.getSession(new Request(`${SITE}/`), { member: true });
    expect(session.snapshot.status).toBe('visitor');
    expect(session.member).toBeNull();
    expect(memberReads()).toBe(0);
  });

  test('without the option: no member field and no members API request', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const session = await browser.session();
    expect(session.snapshot.status).toBe('member');
    expect('member' in session).toBe(false);
    expect(memberReads()).toBe(0);
  });

  test.each([
    ['no options', undefined],
    ['{}', {}],
    ['{ member: false }', { member: false }],
    ['{ member: undefined }', { member: undefined }],
  ])('%s: no member field', async (_, options) => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const session = await site.identity.getSession(
      new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
      options,
    );
    expect(session.member).toBeUndefined();
    expect(memberReads()).toBe(0);
  });

  test('page renders of one session: one request within a minute; 20 concurrent share it', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const cookie = browser.cookieHeader();
    const render = () =>
      site.identity.getSession(new Request(SITE, { headers: { cookie } }), { member: true });
    const concurrent = await Promise.all(Array.from({ length: 20 }, render));
    expect(new Set(concurrent.map((s) => s.member?.id)).size).toBe(1);
    expect(concurrent.every((s) => s.member?.contact.firstName === 'Ada')).toBe(true);
    expect(memberReads()).toBe(1);
    await render();
    expect(memberReads()).toBe(1);
    site.advance(MEMBER_CACHE_MS + 1);
    await render();
    expect(memberReads()).toBe(2);
  });

  test('{ refresh: true } reads again: a profile change shows at once', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const cookie = browser.cookieHeader();
    const request = () => new Request(SITE, { headers: { cookie } });
    const first = await site.identity.getSession(request(), { member: true });
    expect(first.member?.profile.nickname).not.toBe('Countess');
    const updated = await fetch(`https://www.wixapis.com/members/v1/members/${first.member!.id}`, {
      method: 'PATCH',
      headers: { authorization: first.accessToken!, 'content-type': 'application/json' },
      body: JSON.stringify({ member: { profile: { nickname: 'Countess' } } }),
    });
    expect(updated.status).toBe(200);
    const cached = await site.identity.getSession(request(), { member: true });
    expect(cached.member?.profile.nickname).not.toBe('Countess');
    const fresh = await site.identity.getSession(request(), { member: { refresh: true } });
    expect(fresh.member?.profile.nickname).toBe('Countess');
    // The refreshed member answers the next render.
    const next = await site.identity.getSession(request(), { member: true });
    expect(next.member?.profile.nickname).toBe('Countess');
    expect(memberReads()).toBe(2);
  });

  test('two members of one process never see each other', async () => {
    const site = mswSite();
    const ada = testBrowser(site);
    const bob = testBrowser(site);
    await ada.hostedLogin();
    await bob.hostedLogin({ email: 'bob@example.com', password: 'pw' });
    const sessionOf = (browser: ReturnType<typeof testBrowser>) =>
      site.identity.getSession(new Request(SITE, { headers: { cookie: browser.cookieHeader() } }), {
        member: true,
      });
    const [a, b] = await Promise.all([sessionOf(ada), sessionOf(bob)]);
    expect(a.member?.loginEmail).toBe('ada@example.com');
    expect(b.member?.loginEmail).toBe('bob@example.com');
    expect(b.member?.profile.nickname).toBe('Bob');
  });

  test('an expired access token: renewed first (one refresh), then the member is read with the new one', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.advance(5 * 3_600_000);
    const session = await site.identity.getSession(
      new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
      { member: true },
    );
    expect(site.refreshRequests()).toBe(1);
    expect(session.member?.loginEmail).toBe('ada@example.com');
    expect(session.headers.getSetCookie()).toHaveLength(1);
    const read = platform.state.requests.filter((r) => r.path === '/members/v1/members/my').at(-1);
    expect(read?.status).toBe(200);
  });

  test('an access token the platform revoked: one renewal, one retry, and the renewed tokens are stored', async () => {
    const site = mswSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const before = await browser.session();
    platform.state.tokens.revoke({ token: before.accessToken! });
    const session = await site.identity.getSession(
      new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
      { member: true },
    );
    expect(session.member?.loginEmail).toBe('ada@example.com');
    expect(site.refreshRequests()).toBe(1);
    expect(session.accessToken).not.toBe(before.accessToken);
    expect(platform.state.tokens.describe(session.accessToken!)?.status).toBe('active');
    // The cookie now holds the renewed tokens: the next request uses them without a refresh.
    const [cookie] = session.headers.getSetCookie();
    expect(cookie).toMatch(/^site-identity=[\w-]+;/);
    const next = await site.identity.getSession(
      new Request(SITE, { headers: { cookie: cookie!.split(';')[0]! } }),
    );
    expect(next.accessToken).toBe(session.accessToken);
    expect(site.refreshRequests()).toBe(1);
  });

  test.each([
    ['a 503', { kind: 'status', status: 503 }],
    ['a network failure', { kind: 'network' }],
  ] as const)(
    'the members API fails (%s): member null with memberError, the session and its cookie kept',
    async (_, fault) => {
      const site = mswSite();
      const browser = testBrowser(site);
      await browser.hostedLogin();
      platform.faults.inject({ path: '/members/v1/members/my', ...fault });
      const session = await site.identity.getSession(
        new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
        { member: true },
      );
      expect(session.snapshot.status).toBe('member');
      expect(session.member).toBeNull();
      expect(session.memberError).toBeInstanceOf(Error);
      expect(String((session.memberError as Error).message)).not.toContain(session.accessToken!);
      expect(session.accessToken).toBeDefined();
      expect(session.headers.getSetCookie()).toEqual([]);
      // Not kept: the next render reads again and succeeds.
      const again = await site.identity.getSession(
        new Request(SITE, { headers: { cookie: browser.cookieHeader() } }),
        { member: true },
      );
      expect(again.member?.loginEmail).toBe('ada@example.com');
    },
  );

  test.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['an array', []],
    ['member as a string', { member: 'true' }],
    ['member as a number', { member: 1 }],
    ['member.refresh as a string', { member: { refresh: 'yes' } }],
    ['member as an array', { member: [] }],
  ])('options as %s: INVALID_ARGUMENT before any request', async (_, options) => {
    const site = mswSite();
    const getSession = site.identity.getSession as (r: Request, o: unknown) => Promise<unknown>;
    const error: unknown = await getSession(new Request(SITE), options).catch((e: unknown) => e);
    expect(isServerIdentityError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(/options/);
    expect(platform.state.requests).toHaveLength(0);
  });
});
