import { describe, expect, test, vi } from 'vitest';
import { createRenewingFetch } from './renewing-fetch';
import { grants, issuedTokens, usePlatform, WHOAMI_URL } from './test-platform';

const { platform, whoamiCalls, createManager } = usePlatform();

/** A manager holding member tokens whose access token the platform revoked. */
async function revokedSession() {
  const tokens = createManager();
  const held = issuedTokens(platform, 'member');
  await tokens.setTokens(held);
  platform.state.tokens.revoke({ token: held.accessToken.value });
  return { tokens, held };
}

describe('createRenewingFetch', () => {
  test('a 401 for the session token: one renewal, one retry with the new token', async () => {
    const { tokens, held } = await revokedSession();
    const renewingFetch = createRenewingFetch(tokens);
    const response = await renewingFetch(WHOAMI_URL, {
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(200);
    const renewed = tokens.getSnapshot().tokens!;
    expect(whoamiCalls).toEqual([held.accessToken.value, renewed.accessToken.value]);
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(renewed.refreshToken.role).toBe('member');
  });

  test('20 concurrent 401s for the same token make one renewal and 20 retries', async () => {
    const { tokens, held } = await revokedSession();
    const renewingFetch = createRenewingFetch(tokens);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        renewingFetch(WHOAMI_URL, { headers: { Authorization: held.accessToken.value } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(whoamiCalls).toHaveLength(40);
  });

  test('a 401 for a token already replaced retries with the current one without renewing', async () => {
    const { tokens, held } = await revokedSession();
    const renewingFetch = createRenewingFetch(tokens);
    await tokens.refresh();
    expect(grants(platform, 'refresh_token')).toBe(1);
    const response = await renewingFetch(WHOAMI_URL, {
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(200);
    expect(grants(platform, 'refresh_token')).toBe(1);
  });

  test('a second 401 is returned as it is: no loop', async () => {
    const { tokens, held } = await revokedSession();
    // Every token of the member is refused: the retry's 401 comes back.
    const send = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      platform.state.tokens.revoke({ token: new Headers(init?.headers).get('authorization')! });
      return fetch(input, init);
    });
    const renewingFetch = createRenewingFetch(tokens, { fetch: send });
    const response = await renewingFetch(WHOAMI_URL, {
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(401);
    expect(send).toHaveBeenCalledTimes(2);
    expect(grants(platform, 'refresh_token')).toBe(1);
  });

  test('never for the token endpoint itself', async () => {
    const { tokens, held } = await revokedSession();
    const send = vi.fn(async () => new Response('{}', { status: 401 }));
    const renewingFetch = createRenewingFetch(tokens, { fetch: send });
    const response = await renewingFetch('https://www.wixapis.com/oauth2/token', {
      method: 'POST',
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(401);
    expect(send).toHaveBeenCalledTimes(1);
    expect(grants(platform, 'refresh_token')).toBe(0);
  });

  test('never for a request without Authorization or with a token not the session’s (an API key)', async () => {
    const { tokens } = await revokedSession();
    const renewingFetch = createRenewingFetch(tokens);
    expect((await renewingFetch(WHOAMI_URL)).status).toBe(401);
    expect(
      (await renewingFetch(WHOAMI_URL, { headers: { authorization: 'IST.api-key' } })).status,
    ).toBe(401);
    expect(grants(platform, 'refresh_token')).toBe(0);
    expect(whoamiCalls).toEqual([null, 'IST.api-key']);
  });

  test('a failing renewal returns the 401 and keeps the member', async () => {
    const { tokens, held } = await revokedSession();
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const renewingFetch = createRenewingFetch(tokens);
    const response = await renewingFetch(WHOAMI_URL, {
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(401);
    expect(tokens.getSnapshot().tokens?.refreshToken).toEqual(held.refreshToken);
  });

  test('a Request with a body is sent again whole, with the new token', async () => {
    const { tokens, held } = await revokedSession();
    const bodies: string[] = [];
    const send = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      bodies.push(await request.clone().text());
      return fetch(request);
    });
    const renewingFetch = createRenewingFetch(tokens, { fetch: send });
    const request = new Request(WHOAMI_URL, {
      method: 'POST',
      body: JSON.stringify({ query: 'q' }),
      headers: { Authorization: held.accessToken.value },
    });
    const response = await renewingFetch(request);
    expect(response.status).toBe(200);
    expect(bodies).toEqual(['{"query":"q"}', '{"query":"q"}']);
  });

  test.each([
    ['options a string', 'x', /^options must be an object/],
    ['options.fetch not a function', { fetch: 'x' }, /^options\.fetch must be a function/],
  ])('%s', (_, options, message) => {
    expect(() => createRenewingFetch(createManager(), options as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(message),
      }),
    );
  });

  test.each([
    ['a relative URL', '/probe/v1/whoami'],
    ['a relative token endpoint', '/oauth2/token'],
    ['a URL with credentials', 'https://user:secret@www.wixapis.com/probe/v1/whoami'],
    ['a URL with a CR LF', 'https://www.wixapis.com/probe\r\nx: y'],
    ['an empty string', ''],
  ])('a 401 for %s: returned as it is, no TypeError, no renewal', async (_, url) => {
    const { tokens, held } = await revokedSession();
    const send = vi.fn(async () => new Response('{}', { status: 401 }));
    const renewingFetch = createRenewingFetch(tokens, { fetch: send });
    const response = await renewingFetch(url, {
      headers: { Authorization: held.accessToken.value },
    });
    expect(response.status).toBe(401);
    expect(grants(platform, 'refresh_token')).toBe(url.includes('oauth2/token') ? 0 : 1);
  });

  test.each([
    ['a number', 42],
    ['null', null],
    ['a plain object', { url: WHOAMI_URL }],
  ])('input that is %s: INVALID_ARGUMENT before any request', async (_, input) => {
    const { tokens } = await revokedSession();
    const send = vi.fn(async () => new Response('{}'));
    const renewingFetch = createRenewingFetch(tokens, { fetch: send });
    await expect(renewingFetch(input as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^input must be a URL string, a URL or a Request/),
    });
    expect(send).not.toHaveBeenCalled();
  });
});
