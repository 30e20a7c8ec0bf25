import { items } from '@wix/data';
import { createClient } from '@wix/sdk';
import { describe, expect, it, test } from 'vitest';
import { DEFAULT_COLLECTIONS } from '../collections';
import { createMockPlatform } from '../platform';
import { API, errorCode, serveThroughMsw } from '../test-platform';

const platform = createMockPlatform({
  members: [
    { email: 'ada@example.com', password: 'secret' },
    { email: 'bob@example.com', password: 'pw' },
  ],
  collections: [
    ...DEFAULT_COLLECTIONS,
    { id: 'Notes', read: 'SITE_MEMBER', items: [{ text: 'for members' }] },
    { id: 'Ledger', read: 'ADMIN', items: [{ amount: 1 }] },
  ],
});
serveThroughMsw(platform);

function tokenOf(email?: string): string {
  const memberId = email === undefined ? undefined : platform.state.findMember(email)?.id;
  return platform.state.tokens.issue({
    role: memberId === undefined ? 'visitor' : 'member',
    clientId: 'app',
    memberId,
  }).access_token;
}

function clientWith(token: string, options: { shouldUseCDN?: boolean } = {}) {
  return createClient({
    modules: { items },
    auth: { getAuthHeaders: () => ({ headers: { Authorization: token } }), ...options },
  });
}

/** The HTTP status and platform code of what a call rejected with. */
async function failure(call: Promise<unknown>): Promise<{ status: unknown; code: unknown }> {
  const error = (await call.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { details?: { applicationError?: { code?: unknown } } } | undefined;
  const last = platform.state.requests.at(-1);
  return { status: last?.status, code: error?.details?.applicationError?.code };
}

describe('the data items API, called by @wix/data through @wix/sdk', () => {
  it("items.query('Products').find() with a visitor's token lists the seeded products", async () => {
    const result = await clientWith(tokenOf()).items.query('Products').find();
    expect(result.items.map((item: Record<string, unknown>) => item['title'])).toEqual([
      'Espresso cup',
      'French press',
      'Grinder',
    ]);
    expect(result.items[0]).toMatchObject({ _id: 'product-1', price: 12 });
    expect(result.items[0]?.['_createdDate']).toBeInstanceOf(Date);
    expect(result.totalCount).toBe(3);
    expect(platform.state.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        host: 'www.wixapis.com',
        path: '/wix-data/v2/items/query',
        status: 200,
      }),
    ]);
  });

  it('filters, sorts and pages as the query builder asks', async () => {
    const client = clientWith(tokenOf());
    const cheap = await client.items.query('Products').lt('price', 50).descending('price').find();
    expect(cheap.items.map((item: Record<string, unknown>) => item['title'])).toEqual([
      'French press',
      'Espresso cup',
    ]);
    const second = await client.items.query('Products').ascending('price').skip(1).limit(1).find();
    expect(second.items.map((item: Record<string, unknown>) => item['_id'])).toEqual(['product-2']);
    expect(second.hasNext()).toBe(true);
    const inStock = await client.items
      .query('Products')
      .eq('inStock', true)
      .startsWith('title', 'french')
      .find();
    expect(inStock.items.map((item: Record<string, unknown>) => item['_id'])).toEqual([
      'product-2',
    ]);
  });

  it('answers through the CDN host when the strategy says shouldUseCDN', async () => {
    const result = await clientWith(tokenOf(), { shouldUseCDN: true })
      .items.query('Products')
      .find();
    expect(result.items).toHaveLength(3);
    expect(platform.state.requests[0]).toMatchObject({ host: 'edge.wixapis.com' });
  });

  it("answers 403 WDE0027 where a visitor may not read, and a member's token reads there", async () => {
    expect(await failure(clientWith(tokenOf()).items.query('Notes').find())).toEqual({
      status: 403,
      code: 'WDE0027',
    });
    const notes = await clientWith(tokenOf('ada@example.com')).items.query('Notes').find();
    expect(notes.items.map((item: Record<string, unknown>) => item['text'])).toEqual([
      'for members',
    ]);
    expect(
      await failure(clientWith(tokenOf('ada@example.com')).items.query('Ledger').find()),
    ).toEqual({ status: 403, code: 'WDE0027' });
  });

  it('in a SITE_MEMBER_AUTHOR collection a member reads only the items they own', async () => {
    const ada = platform.state.findMember('ada@example.com');
    const bob = platform.state.findMember('bob@example.com');
    platform.state.addCollection({
      id: 'Orders',
      read: 'SITE_MEMBER_AUTHOR',
      items: [
        { _id: 'order-a', _owner: ada?.id, total: 12 },
        { _id: 'order-b', _owner: bob?.id, total: 35 },
      ],
    });
    const orders = await clientWith(tokenOf('ada@example.com')).items.query('Orders').find();
    expect(orders.items.map((item: Record<string, unknown>) => item['_id'])).toEqual(['order-a']);
    expect(await failure(clientWith(tokenOf()).items.query('Orders').find())).toEqual({
      status: 403,
      code: 'WDE0027',
    });
  });

  it('answers 401 for an expired or revoked token, and 404 WDE0025 for an unknown collection', async () => {
    const expired = tokenOf();
    platform.state.tokens.expireAccessTokens();
    expect(await failure(clientWith(expired).items.query('Products').find())).toMatchObject({
      status: 401,
    });
    const revoked = tokenOf('ada@example.com');
    platform.state.tokens.revoke({
      memberId: platform.state.findMember('ada@example.com')?.id ?? '',
    });
    expect(await failure(clientWith(revoked).items.query('Products').find())).toMatchObject({
      status: 401,
    });
    expect(await failure(clientWith(tokenOf()).items.query('Nothing').find())).toEqual({
      status: 404,
      code: 'WDE0025',
    });
  });

  it('takes the query as a POST body too, and resets collections to the options', async () => {
    platform.state.collections.get('Products')?.items.splice(0);
    platform.reset();
    const response = await platform.fetch(`${API}/wix-data/v2/items/query`, {
      method: 'POST',
      headers: { authorization: tokenOf(), 'content-type': 'application/json' },
      body: JSON.stringify({
        dataCollectionId: 'Products',
        query: { filter: { price: { $gte: 35 } }, fields: ['title'] },
      }),
    });
    expect(await response.json()).toEqual({
      dataItems: [
        {
          id: 'product-2',
          dataCollectionId: 'Products',
          data: { _id: 'product-2', title: 'French press' },
        },
        {
          id: 'product-3',
          dataCollectionId: 'Products',
          data: { _id: 'product-3', title: 'Grinder' },
        },
      ],
      pagingMetadata: { count: 2, offset: 0, total: 2, tooManyToCount: false, hasNext: false },
    });
  });

  test.each([
    [{}, 400, 'dataCollectionId'],
    [
      { dataCollectionId: 'Products', query: { filter: { price: { $near: 1 } } } },
      400,
      'query.filter',
    ],
    [{ dataCollectionId: 'Products', query: { paging: { limit: -1 } } }, 400, 'query.paging'],
    [{ dataCollectionId: 'Products', query: { cursorPaging: { limit: 1 } } }, 400, 'query.paging'],
    ['not json', 400, 'body'],
  ])('refuses the query %j with %i naming %s', async (body, status, field) => {
    const response = await platform.fetch(`${API}/wix-data/v2/items/query`, {
      method: 'POST',
      headers: { authorization: tokenOf(), 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.status).toBe(status);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(errorCode(answer)).toBeUndefined();
    expect(answer).toMatchObject({
      details: { validationError: { fieldViolations: [{ field }] } },
    });
  });

  it('refuses a .r parameter that is not base64url JSON', async () => {
    const response = await platform.fetch(`${API}/wix-data/v2/items/query?.r=%%%`, {
      headers: { authorization: tokenOf() },
    });
    expect(response.status).toBe(400);
  });
});
