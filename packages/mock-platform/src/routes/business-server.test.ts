import { items } from '@wix/data';
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform } from '../platform';
import { startMockPlatformServer, type MockPlatformServer } from '../server';

let server: MockPlatformServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the members and data APIs on the loopback server', () => {
  it("answer @wix/sdk's module calls sent to the server (its https:// API host rewritten to the server's URL)", async () => {
    const platform = createMockPlatform({
      members: [{ email: 'ada@example.com', password: 'secret', profile: { firstName: 'Ada' } }],
    });
    server = await startMockPlatformServer({ port: 0, platform });
    const { url } = server;
    const grant = await fetch(`${url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'app', grantType: 'anonymous' }),
    });
    const visitor = ((await grant.json()) as { access_token: string }).access_token;
    const memberId = platform.state.findMember('ada@example.com')?.id;
    const member = platform.state.tokens.issue({ role: 'member', clientId: 'app', memberId });
    const seen: string[] = [];
    const clientWith = (token: string) =>
      createClient({
        modules: { members, items },
        auth: { getAuthHeaders: () => ({ headers: { Authorization: token } }) },
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const sent = input instanceof Request ? input.url : input.toString();
          const target = sent.replace('https://www.wixapis.com', url);
          seen.push(target);
          return fetch(target, init);
        },
      });
    const products = await clientWith(visitor).items.query('Products').find();
    expect(products.items).toHaveLength(3);
    const current = await clientWith(member.access_token).members.getCurrentMember({
      fieldsets: ['FULL'],
    });
    expect(current.member).toMatchObject({ _id: memberId, contact: { firstName: 'Ada' } });
    expect(seen.map((target) => new URL(target).pathname)).toEqual([
      '/wix-data/v2/items/query',
      '/members/v1/members/my',
    ]);
  });

  it('the control API adds and lists collections; a bad one is 400 INVALID_COLLECTION naming the problem', async () => {
    server = await startMockPlatformServer({ port: 0 });
    const added = await fetch(`${server.url}/_mock/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'Notes', read: 'SITE_MEMBER', items: [{ text: 'hi' }] }),
    });
    expect(added.status).toBe(201);
    const listed = (await (await fetch(`${server.url}/_mock/collections`)).json()) as {
      id: string;
      read: string;
    }[];
    expect(listed.map(({ id, read }) => `${id}:${read}`)).toEqual([
      'Products:ANYONE',
      'Orders:SITE_MEMBER_AUTHOR',
      'Notes:SITE_MEMBER',
    ]);
    const bad = await fetch(`${server.url}/_mock/collections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'Notes', read: 'EVERYONE' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      details: { applicationError: { code: 'INVALID_COLLECTION' } },
      message:
        'collection Notes: read must be one of ANYONE, SITE_MEMBER, SITE_MEMBER_AUTHOR, ADMIN; got "EVERYONE"',
    });
  });
});
