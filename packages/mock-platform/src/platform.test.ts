import { describe, expect, it, test } from 'vitest';
import { createMockPlatform } from './platform';
import { API, AUTH, post, TOKEN_URL, visitorTokens } from './test-platform';

describe('bad input to the emulator', () => {
  test.each([
    ['GET', `${API}/nowhere`, 404, 'No route for GET /nowhere'],
    ['GET', `${AUTH}/v2/login`, 405, 'Method Not Allowed'],
    ['GET', TOKEN_URL, 405, 'Method Not Allowed'],
    ['DELETE', `${AUTH}/v1/logout`, 405, 'Method Not Allowed'],
  ])('%s %s answers %i in the platform shape', async (method, url, status, message) => {
    const response = await createMockPlatform().fetch(url, { method });
    expect(response.status).toBe(status);
    expect(response.statusText).toBe(status === 404 ? 'Not Found' : 'Method Not Allowed');
    expect(response.headers.get('x-wix-request-id')).toBeTruthy();
    expect(await response.json()).toEqual({ message, details: {} });
  });

  test.each(['{oops', '[1,2]', '"text"', 'null'])(
    'answers the body %j with a 400 validation error',
    async (body) => {
      const { status, body: answer } = await post(createMockPlatform(), `${AUTH}/v2/login`, body);
      expect(status).toBe(400);
      expect(answer).toMatchObject({
        details: { validationError: { fieldViolations: [{ field: 'body' }] } },
      });
    },
  );

  it('answers every request with a distinct request id', async () => {
    const platform = createMockPlatform();
    const ids = new Set<string | null>();
    for (let i = 0; i < 5; i++)
      ids.add((await platform.fetch(`${API}/x`)).headers.get('x-wix-request-id'));
    expect(ids.size).toBe(5);
  });

  it('accepts a Request as well as a URL and init', async () => {
    const platform = createMockPlatform();
    const response = await platform.fetch(
      new Request(TOKEN_URL, {
        method: 'POST',
        body: JSON.stringify({ clientId: 'a', grantType: 'anonymous' }),
      }),
    );
    expect(response.status).toBe(200);
  });
});

describe('options', () => {
  it('answers at a custom base URL with a path prefix and a separate token URL', async () => {
    const platform = createMockPlatform({
      baseUrl: 'http://127.0.0.1:9/api',
      tokenUrl: 'http://auth.local/token',
    });
    const tokens = await post(platform, 'http://auth.local/token', {
      clientId: 'a',
      grantType: 'anonymous',
    });
    expect(tokens.status).toBe(200);
    const login = await post(platform, 'http://127.0.0.1:9/api/_api/iam/authentication/v2/login', {
      loginId: { email: 'a@b.co' },
      password: 'x',
    });
    expect(login.status).toBe(404);
    expect(platform.state.requests.map((entry) => entry.path)).toEqual([
      '/token',
      '/_api/iam/authentication/v2/login',
    ]);
  });

  it('uses accessTokenTtlSeconds and the injected clock', async () => {
    let now = 0;
    const platform = createMockPlatform({ accessTokenTtlSeconds: 10, now: () => now });
    const { access_token } = await visitorTokens(platform);
    expect(platform.state.tokens.describe(access_token)).toMatchObject({
      expiresAt: 10_000,
      status: 'active',
    });
    now = 10_000;
    expect(platform.state.tokens.describe(access_token)?.status).toBe('expired');
  });

  it('puts hosted pages on hostedBaseUrl', async () => {
    const platform = createMockPlatform({ hostedBaseUrl: 'https://hosted.example' });
    const { access_token } = await visitorTokens(platform);
    const { body } = await post(
      platform,
      `${API}/_api/redirects-api/v1/redirect-session`,
      { login: {} },
      access_token,
    );
    expect((body['redirectSession'] as { fullUrl: string }).fullUrl).toMatch(
      /^https:\/\/hosted\.example\/_hosted\/login\?/,
    );
    // The API base, its CDN host and the hosted pages' base.
    expect(platform.handlers).toHaveLength(3);
  });

  test.each([
    [{ baseUrl: 'ftp://x' }],
    [{ baseUrl: 'not a url' }],
    [{ accessTokenTtlSeconds: 0 }],
    [{ site: { captcha: 'sometimes' } }],
    [{ now: 5 }],
    [{ clients: [{ clientId: 'a' }] }],
    [{ edgeBaseUrl: 'edge.example' }],
    [{ collections: { id: 'Products' } }],
  ])('rejects %j with INVALID_OPTION', (options) => {
    expect(() => createMockPlatform(options as never)).toThrow(
      expect.objectContaining({ name: 'MockPlatformError', code: 'INVALID_OPTION' }),
    );
  });
});

describe('the CDN host', () => {
  it('is edge.wixapis.com beside the production default, none beside another base URL unless given', () => {
    expect(createMockPlatform().options.edgeBaseUrl).toBe('https://edge.wixapis.com');
    expect(
      createMockPlatform({ baseUrl: 'http://127.0.0.1:9' }).options.edgeBaseUrl,
    ).toBeUndefined();
    const custom = createMockPlatform({
      baseUrl: 'http://127.0.0.1:9',
      edgeBaseUrl: 'http://127.0.0.2:9/',
    });
    expect(custom.options.edgeBaseUrl).toBe('http://127.0.0.2:9');
  });

  it('refuses a collection that is not well formed with INVALID_COLLECTION', () => {
    expect(() => createMockPlatform({ collections: [{ id: 'P', read: 'ALL' as never }] })).toThrow(
      expect.objectContaining({ code: 'INVALID_COLLECTION' }),
    );
  });
});

describe('state and reset', () => {
  it('describes tokens, revokes them, and expires access tokens', async () => {
    const platform = createMockPlatform();
    const member = platform.state.addMember({ email: 'ada@example.com', password: 'x' });
    const pair = platform.state.tokens.issue({
      role: 'member',
      clientId: 'app',
      memberId: member.id,
    });
    expect(platform.state.tokens.describe(pair.refresh_token)).toMatchObject({
      type: 'refresh',
      role: 'member',
      memberId: member.id,
      status: 'active',
    });
    expect(platform.state.tokens.describe('never-issued')).toBeUndefined();
    platform.state.tokens.expireAccessTokens();
    expect(platform.state.tokens.authenticate(pair.access_token)).toBeUndefined();
    platform.state.tokens.revoke({ memberId: member.id });
    const refresh = await post(platform, TOKEN_URL, {
      clientId: 'app',
      grantType: 'refresh_token',
      refreshToken: pair.refresh_token,
    });
    expect(refresh.body['error_description']).toBe('refresh token revoked');
  });

  it('reset forgets everything and restores the options', async () => {
    const platform = createMockPlatform({
      members: [{ email: 'seed@example.com', password: 'x' }],
      site: { captcha: 'visible' },
    });
    platform.state.addMember({ email: 'extra@example.com', password: 'x' });
    platform.state.settings.captcha = 'off';
    platform.faults.inject({ kind: 'network', times: Infinity });
    platform.reset();
    expect([...platform.state.members.values()].map((member) => member.email)).toEqual([
      'seed@example.com',
    ]);
    expect(platform.state.settings.captcha).toBe('visible');
    await visitorTokens(platform);
    expect(platform.state.requests).toHaveLength(1);
  });

  it('throws typed errors for bad test set-up', () => {
    const platform = createMockPlatform({ members: [{ email: 'ada@example.com' }] });
    expect(() => platform.state.addMember({ email: 'ADA@example.com' })).toThrow(
      expect.objectContaining({ code: 'MEMBER_EXISTS' }),
    );
    expect(() => platform.state.addMember({ email: 'no-at-sign' })).toThrow(
      expect.objectContaining({ code: 'INVALID_MEMBER' }),
    );
    expect(() => platform.state.approveMember('nobody@example.com')).toThrow(
      expect.objectContaining({ code: 'MEMBER_NOT_FOUND' }),
    );
  });

  it('never shows a password hash or token in an error message', () => {
    const platform = createMockPlatform();
    try {
      platform.state.approveMember('secret-token-value@example.com');
    } catch (error) {
      expect(String(error)).not.toContain('secret-token-value');
    }
    expect.assertions(1);
  });
});

describe('platform.fetch inputs', () => {
  it('copies a Request of another realm (a request-like object)', async () => {
    const platform = createMockPlatform();
    const body = JSON.stringify({ clientId: 'app', grantType: 'anonymous' });
    const foreign = {
      url: TOKEN_URL,
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json' }),
      signal: undefined,
      arrayBuffer: async () => new TextEncoder().encode(body).buffer,
    };
    const response = await platform.fetch(foreign as unknown as Request);
    expect(response.status).toBe(200);
    expect(platform.state.requests[0]?.grantType).toBe('anonymous');
  });

  it('takes a URL object', async () => {
    const response = await createMockPlatform().fetch(new URL(`${API}/nowhere`));
    expect(response.status).toBe(404);
  });
});
