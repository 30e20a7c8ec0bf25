import { describe, expect, it, test } from 'vitest';
import { createMockPlatform } from './platform';
import { parseSeedFile } from './seed-file';
import { startMockPlatformServer } from './server';
import { API, AUTH, post, visitorTokens } from './test-platform';

describe('mock-platform --seed members.json', () => {
  it('creates the members of the file: they log in after every start and reset', async () => {
    const seed = parseSeedFile(
      JSON.stringify([
        { email: 'ada@example.com', password: 'secret' },
        { email: 'bob@example.com', password: 'pw', emailVerified: false },
      ]),
      'members.json',
    );
    const platform = createMockPlatform(seed);
    platform.reset();
    const { access_token } = await visitorTokens(platform);
    const login = await post(
      platform,
      `${AUTH}/v2/login`,
      { loginId: { email: 'ada@example.com' }, password: 'secret' },
      access_token,
    );
    expect(login.body).toMatchObject({ state: 'SUCCESS' });
    expect(platform.state.findMember('bob@example.com')).toMatchObject({ emailVerified: false });
  });

  it('also takes { "members": [...] }', () => {
    expect(parseSeedFile('{ "members": [{ "email": "ada@example.com" }] }', 'seed.json')).toEqual({
      members: [{ email: 'ada@example.com' }],
    });
  });

  it('creates the collections of { "members", "collections" }, in place of the default ones, after every reset', async () => {
    const seed = parseSeedFile(
      JSON.stringify({
        members: [],
        collections: [
          { id: 'Products', items: [{ title: 'Mug', price: 9 }] },
          { id: 'Notes', read: 'SITE_MEMBER' },
        ],
      }),
      'seed.json',
    );
    const platform = createMockPlatform(seed);
    platform.reset();
    expect([...platform.state.collections.keys()]).toEqual(['Products', 'Notes']);
    const { access_token } = await visitorTokens(platform);
    const answer = await platform.fetch(`${API}/wix-data/v2/items/query`, {
      method: 'POST',
      headers: { authorization: access_token },
      body: JSON.stringify({ dataCollectionId: 'Products' }),
    });
    expect(await answer.json()).toMatchObject({
      dataItems: [{ data: { title: 'Mug', price: 9 } }],
    });
  });

  test.each([
    [
      '{ "members": [], "collections": {} }',
      /^--seed seed\.json: "collections" must be an array .*; got object$/,
    ],
    [
      '{ "members": [], "collections": [{ "items": [] }] }',
      /^--seed seed\.json: a collection needs an id \(a non-empty string\); got undefined$/,
    ],
    [
      '{ "members": [], "collections": [{ "id": "P", "read": "OWNER" }] }',
      /^--seed seed\.json: collection P: read must be one of ANYONE, SITE_MEMBER, SITE_MEMBER_AUTHOR, ADMIN; got "OWNER"$/,
    ],
    [
      '{ "members": [], "collections": [{ "id": "P", "items": [1] }] }',
      /^--seed seed\.json: collection P: items must be an array of objects$/,
    ],
  ])('refuses the collections of %s, naming the file and the problem', (text, message) => {
    expect(() => parseSeedFile(text, 'seed.json')).toThrow(message);
  });

  test.each([
    ['{oops', /^--seed members\.json must be JSON; /],
    ['"text"', /^--seed members\.json must hold a JSON array of members .*; got string$/],
    ['null', /^--seed members\.json must hold a JSON array of members .*; got null$/],
    [
      '[{ "name": "Ada" }]',
      /^--seed members\.json: member 0 must be an object with an "email" string; got \{"name":"Ada"\}$/,
    ],
  ])('refuses %s, naming the file and what it must hold', (text, message) => {
    expect(() => parseSeedFile(text, 'members.json')).toThrow(message);
  });
});

describe('startMockPlatformServer on a port in use', () => {
  it('says the reason the operating system gave', async () => {
    const first = await startMockPlatformServer({ port: 0 });
    try {
      const error = await startMockPlatformServer({ port: first.port }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ code: 'SERVER_START_FAILED' });
      expect((error as Error).message).toBe(
        `cannot listen on 127.0.0.1:${first.port}: EADDRINUSE (the port is in use; choose another)`,
      );
    } finally {
      await first.close();
    }
  });
});
