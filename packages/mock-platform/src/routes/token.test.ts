import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, test } from 'vitest';
import { createMockPlatform } from '../platform';
import { sha256, toBase64Url } from '../sha256';
import { post, TOKEN_URL, visitorTokens } from '../test-platform';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => platform.reset());
afterAll(() => server.close());

async function tokenCall(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe('token endpoint through MSW at the production default', () => {
  it('answers the anonymous grant with visitor tokens', async () => {
    const { response, body } = await tokenCall({ clientId: 'app', grantType: 'anonymous' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-wix-request-id')).toMatch(/\S+/);
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
    });
    expect(platform.state.tokens.describe(body['access_token'] as string)).toMatchObject({
      type: 'access',
      role: 'visitor',
      status: 'active',
    });
    expect(platform.state.requests).toEqual([
      {
        method: 'POST',
        host: 'www.wixapis.com',
        path: '/oauth2/token',
        grantType: 'anonymous',
        time: expect.any(Number),
        status: 200,
      },
    ]);
  });

  it('rotates refresh tokens and rejects a reused one with invalid_grant', async () => {
    const first = await visitorTokens(platform);
    const second = await tokenCall({
      clientId: 'app',
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
    });
    expect(second.response.status).toBe(200);
    expect(second.body['refresh_token']).not.toBe(first.refresh_token);
    expect(platform.state.tokens.describe(second.body['access_token'] as string)?.role).toBe(
      'visitor',
    );
    const reused = await tokenCall({
      clientId: 'app',
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
    });
    expect(reused.response.status).toBe(400);
    expect(reused.body).toMatchObject({
      error: 'invalid_grant',
      details: { applicationError: { code: 'invalid_grant' } },
    });
  });

  it('keeps the refresh token when rotation is off', async () => {
    const fixed = createMockPlatform({ rotateRefreshTokens: false });
    const first = await visitorTokens(fixed);
    for (let i = 0; i < 2; i++) {
      const again = await post(fixed, TOKEN_URL, {
        clientId: 'app',
        grantType: 'refresh_token',
        refreshToken: first.refresh_token,
      });
      expect(again.status).toBe(200);
      expect(again.body['refresh_token']).toBe(first.refresh_token);
    }
  });

  it('refreshes a member refresh token into member tokens', async () => {
    const member = platform.state.addMember({ email: 'ada@example.com', password: 'secret' });
    const pair = platform.state.tokens.issue({
      role: 'member',
      clientId: 'app',
      memberId: member.id,
    });
    const { body } = await tokenCall({
      clientId: 'app',
      grantType: 'refresh_token',
      refreshToken: pair.refresh_token,
    });
    expect(platform.state.tokens.describe(body['access_token'] as string)).toMatchObject({
      role: 'member',
      memberId: member.id,
    });
  });

  it('exchanges an authorization code once, checking the S256 verifier', async () => {
    const member = platform.state.addMember({ email: 'ada@example.com', password: 'secret' });
    const verifier = 'v'.repeat(43);
    platform.state.codes.set('the-code', {
      clientId: 'app',
      redirectUri: 'http://localhost:5173/callback',
      codeChallenge: toBase64Url(sha256(verifier)),
      memberId: member.id,
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    const exchange = {
      clientId: 'app',
      grantType: 'authorization_code',
      redirectUri: 'http://localhost:5173/callback',
      code: 'the-code',
    };
    const wrong = await tokenCall({ ...exchange, codeVerifier: 'w'.repeat(43) });
    expect(wrong.response.status).toBe(400);
    expect(wrong.body['error']).toBe('invalid_grant');
    platform.state.codes.get('the-code')!.used = false;
    const ok = await tokenCall({ ...exchange, codeVerifier: verifier });
    expect(ok.response.status).toBe(200);
    expect(platform.state.tokens.describe(ok.body['access_token'] as string)).toMatchObject({
      role: 'member',
      memberId: member.id,
    });
    const again = await tokenCall({ ...exchange, codeVerifier: verifier });
    expect(again.body['error_description']).toBe('authorization code already used');
  });

  it('answers the authorized_client grant with member tokens', async () => {
    const visitor = await visitorTokens(platform);
    const { response, body } = await tokenCall(
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: 'member-1' },
      { authorization: `${visitor.access_token},second-token` },
    );
    expect(response.status).toBe(200);
    expect(platform.state.tokens.describe(body['access_token'] as string)).toMatchObject({
      role: 'member',
      memberId: 'member-1',
    });
  });

  test.each([
    [{ grantType: 'anonymous' }, 400, 'invalid_request'],
    [{ clientId: 'app' }, 400, 'invalid_request'],
    [{ clientId: 'app', grantType: 'password' }, 400, 'unsupported_grant_type'],
    [{ clientId: 'app', grantType: 'refresh_token' }, 400, 'invalid_request'],
    [{ clientId: 'app', grantType: 'refresh_token', refreshToken: 'nope' }, 400, 'invalid_grant'],
    [
      {
        clientId: 'app',
        grantType: 'authorization_code',
        code: 'x',
        redirectUri: 'http://localhost/',
        codeVerifier: 'v'.repeat(43),
      },
      400,
      'invalid_grant',
    ],
    [
      { grant_type: 'authorized_client', scope: 'offline_access', member_id: 'm' },
      401,
      'invalid_client',
    ],
    [{ grant_type: 'authorized_client', member_id: 'm' }, 400, 'invalid_scope'],
  ])('rejects %j with %i %s', async (body, status, error) => {
    const answer = await tokenCall(body);
    expect(answer.response.status).toBe(status);
    expect(answer.body['error']).toBe(error);
  });

  it('answers malformed JSON with invalid_request', async () => {
    const { status, body } = await post(platform, TOKEN_URL, '{not json');
    expect(status).toBe(400);
    expect(body['error']).toBe('invalid_request');
  });

  it('rejects unknown clients when clients are configured', async () => {
    const strict = createMockPlatform({ clients: [{ clientId: 'known', redirectUris: [] }] });
    expect(
      (await post(strict, TOKEN_URL, { clientId: 'other', grantType: 'anonymous' })).body['error'],
    ).toBe('invalid_client');
    expect(
      (await post(strict, TOKEN_URL, { clientId: 'known', grantType: 'anonymous' })).status,
    ).toBe(200);
  });
});
