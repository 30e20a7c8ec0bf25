import { describe, expect, it, test } from 'vitest';
import { createMockPlatform } from '../platform';
import { sha256, toBase64Url } from '../sha256';
import { AUTH, post, REDIRECTS, TOKEN_URL, visitorTokens } from '../test-platform';

const verifier = 'A'.repeat(20) + 'b'.repeat(23);
const challenge = toBase64Url(sha256(verifier));
const redirectUri = 'http://localhost:5173/callback';

function authRequest(overrides: Record<string, string> = {}) {
  return {
    clientId: 'app',
    redirectUri,
    codeChallenge: challenge,
    codeChallengeMethod: 'S256',
    responseMode: 'fragment',
    responseType: 'code',
    scope: 'offline_access',
    state: 'the-state',
    ...overrides,
  };
}

async function setUp(options: Parameters<typeof createMockPlatform>[0] = {}) {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'secret' }],
    ...options,
  });
  const visitor = await visitorTokens(platform);
  const session = async (body: Record<string, unknown>) => {
    const answer = await post(
      platform,
      `${REDIRECTS}/v1/redirect-session`,
      body,
      visitor.access_token,
    );
    return answer.body['redirectSession'] as {
      id: string;
      fullUrl: string;
      urlDetails: { endpoint: string; searchParams: Record<string, string> };
      sessionToken: string;
    };
  };
  const submit = (url: string, form: Record<string, string>, cookie?: string) =>
    platform.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
  return { platform, visitor, session, submit };
}

function callbackParams(
  location: string | null,
  mode: 'fragment' | 'query' = 'fragment',
): Record<string, string> {
  const url = new URL(location ?? 'http://x/');
  return Object.fromEntries(
    new URLSearchParams(mode === 'fragment' ? url.hash.slice(1) : url.search),
  );
}

describe('redirect sessions', () => {
  it('needs an access token', async () => {
    const platform = createMockPlatform();
    expect((await post(platform, `${REDIRECTS}/v1/redirect-session`, { login: {} })).status).toBe(
      401,
    );
  });

  it('answers an auth session whose fullUrl opens the hosted login form', async () => {
    const { platform, session } = await setUp();
    const redirectSession = await session({ auth: { authRequest: authRequest() } });
    expect(redirectSession).toMatchObject({
      id: expect.any(String),
      sessionToken: expect.any(String),
    });
    expect(redirectSession.urlDetails.endpoint).toBe(
      'https://www.wixapis.com/_hosted/oauth2/authorize',
    );
    expect(redirectSession.urlDetails.searchParams).toMatchObject({
      clientId: 'app',
      state: 'the-state',
    });
    const page = await platform.fetch(redirectSession.fullUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const text = await page.text();
    expect(text).toContain('name="email"');
    expect(text).toContain('name="password"');
  });

  test.each([
    'bookingsCheckout',
    'ecomCheckout',
    'eventsCheckout',
    'paidPlansCheckout',
    'storesProduct',
    'bookingsBook',
  ])('%s opens a page naming the intent', async (intent) => {
    const { platform, session } = await setUp();
    const redirectSession = await session({
      [intent]: { id: 'x' },
      callbacks: { postFlowUrl: 'http://localhost:5173/' },
    });
    const page = await platform.fetch(redirectSession.fullUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`data-intent="${intent}"`);
  });

  it('a login session opens a pre-warmable 200 page', async () => {
    const { platform, session } = await setUp();
    const page = await platform.fetch((await session({ login: {} })).fullUrl);
    expect(page.status).toBe(200);
  });

  it('a logout session ends the platform session and redirects to postFlowUrl', async () => {
    const { platform, session } = await setUp();
    const redirectSession = await session({
      logout: { clientId: 'app' },
      callbacks: { postFlowUrl: 'http://localhost:5173/' },
    });
    expect(redirectSession.fullUrl).toMatch(
      /^https:\/\/www\.wixapis\.com\/_api\/iam\/authentication\/v1\/logout\?/,
    );
    const response = await platform.fetch(redirectSession.fullUrl, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([
      302,
      'http://localhost:5173/',
    ]);
  });

  test.each([
    [{}, 'intent'],
    [{ login: {}, logout: { clientId: 'app' } }, 'intent'],
    [{ auth: {} }, 'auth.authRequest'],
    [{ logout: { clientId: 'app' } }, 'callbacks.postFlowUrl'],
  ])('answers a validation error for %j', async (body, field) => {
    const { platform, visitor } = await setUp();
    const { status, body: answer } = await post(
      platform,
      `${REDIRECTS}/v1/redirect-session`,
      body,
      visitor.access_token,
    );
    expect(status).toBe(400);
    expect(JSON.stringify(answer)).toContain(`"field":"${field}"`);
  });
});

describe('hosted login page', () => {
  it('signs in with the form and redirects with a code in the fragment that exchanges once', async () => {
    const { platform, session, submit } = await setUp();
    const { fullUrl } = await session({ auth: { authRequest: authRequest() } });
    const response = await submit(fullUrl, {
      email: 'ada@example.com',
      password: 'secret',
      action: 'login',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/^mock_platform_session=/);
    const location = response.headers.get('location');
    expect(location?.startsWith(`${redirectUri}#`)).toBe(true);
    const { code, state } = callbackParams(location);
    expect(state).toBe('the-state');
    const exchange = {
      clientId: 'app',
      grantType: 'authorization_code',
      redirectUri,
      code,
      codeVerifier: verifier,
    };
    const tokens = await post(platform, TOKEN_URL, exchange);
    expect(platform.state.tokens.describe(tokens.body['access_token'] as string)?.role).toBe(
      'member',
    );
    expect((await post(platform, TOKEN_URL, exchange)).body['error']).toBe('invalid_grant');
  });

  it('answers in the query with responseMode query', async () => {
    const { session, submit } = await setUp();
    const { fullUrl } = await session({
      auth: { authRequest: authRequest({ responseMode: 'query' }) },
    });
    const response = await submit(fullUrl, { email: 'ada@example.com', password: 'secret' });
    expect(callbackParams(response.headers.get('location'), 'query')).toMatchObject({
      code: expect.any(String),
      state: 'the-state',
    });
  });

  it('shows the form again with an error for a wrong password, and cancel answers access_denied', async () => {
    const { session, submit } = await setUp();
    const { fullUrl } = await session({ auth: { authRequest: authRequest() } });
    const wrong = await submit(fullUrl, { email: 'ada@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong e-mail or password');
    const cancel = await submit(fullUrl, { action: 'cancel' });
    expect(callbackParams(cancel.headers.get('location'))).toEqual({
      error: 'access_denied',
      error_description: 'The member cancelled',
      state: 'the-state',
    });
  });

  it('cancel answers access_denied even with valid credentials in the form', async () => {
    const { session, submit } = await setUp();
    const { fullUrl } = await session({ auth: { authRequest: authRequest() } });
    const cancel = await submit(fullUrl, {
      email: 'ada@example.com',
      password: 'secret',
      action: 'cancel',
    });
    expect(cancel.status).toBe(303);
    expect(callbackParams(cancel.headers.get('location'))).toEqual({
      error: 'access_denied',
      error_description: 'The member cancelled',
      state: 'the-state',
    });
  });

  test.each([
    [{ codeChallengeMethod: 'plain' }, 'codeChallengeMethod must be S256'],
    [{ codeChallenge: 'short' }, 'codeChallenge must be 43 base64url characters'],
    [{ state: '' }, 'state is required'],
    [{ responseType: 'token' }, 'responseType must be code'],
  ])('redirects with an error for %j', async (overrides, description) => {
    const { platform, session } = await setUp();
    const { fullUrl } = await session({ auth: { authRequest: authRequest(overrides) } });
    const response = await platform.fetch(fullUrl, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(callbackParams(response.headers.get('location'))).toMatchObject({
      error: expect.any(String),
      error_description: description,
    });
  });

  test.each([
    [{ redirectUri: 'http://evil.example/callback' }, 'redirectUri is not allowed for this client'],
    [{ redirectUri: 'not a url' }, 'redirectUri is not allowed for this client'],
    [{ responseMode: 'form_post' }, 'responseMode must be fragment, query or web_message'],
  ])('never redirects to a bad target: %j', async (overrides, message) => {
    const { platform, session } = await setUp();
    const { fullUrl } = await session({ auth: { authRequest: authRequest(overrides) } });
    const response = await platform.fetch(fullUrl, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it('checks redirect URIs exactly for configured clients', async () => {
    const { platform, session } = await setUp({
      clients: [{ clientId: 'app', redirectUris: ['https://app.example/cb'] }],
    });
    const allowed = await session({
      auth: { authRequest: authRequest({ redirectUri: 'https://app.example/cb' }) },
    });
    expect((await platform.fetch(allowed.fullUrl)).status).toBe(200);
    const loopback = await session({ auth: { authRequest: authRequest() } });
    expect((await platform.fetch(loopback.fullUrl)).status).toBe(400);
  });

  it('expires codes after authorizationCodeTtlSeconds', async () => {
    let now = 5_000_000;
    const { platform, session, submit } = await setUp({ now: () => now });
    const { fullUrl } = await session({ auth: { authRequest: authRequest() } });
    const { code } = callbackParams(
      (await submit(fullUrl, { email: 'ada@example.com', password: 'secret' })).headers.get(
        'location',
      ),
    );
    now += 60_000;
    const answer = await post(platform, TOKEN_URL, {
      clientId: 'app',
      grantType: 'authorization_code',
      redirectUri,
      code,
      codeVerifier: verifier,
    });
    expect(answer.body['error_description']).toBe('authorization code expired');
  });
});

describe('prompt none', () => {
  async function loginSessionToken(
    platform: ReturnType<typeof createMockPlatform>,
  ): Promise<string> {
    const { body } = await post(platform, `${AUTH}/v2/login`, {
      loginId: { email: 'ada@example.com' },
      password: 'secret',
    });
    return body['sessionToken'] as string;
  }

  it('posts { code, state } to the exact parent origin with web_message', async () => {
    const { platform, session } = await setUp();
    const sessionToken = await loginSessionToken(platform);
    const { fullUrl } = await session({
      auth: { authRequest: authRequest({ responseMode: 'web_message', sessionToken }) },
      prompt: 'none',
    });
    const page = await platform.fetch(fullUrl);
    const text = await page.text();
    expect(page.status).toBe(200);
    expect(text).toMatch(
      /\(window\.opener \|\| window\.parent\)\.postMessage\(\{"code":"mock-code\.[A-Za-z0-9]+","state":"the-state"\}, "http:\/\/localhost:5173"\)/,
    );
  });

  it('posts login_required for an unknown session token', async () => {
    const { platform, session } = await setUp();
    const { fullUrl } = await session({
      auth: { authRequest: authRequest({ responseMode: 'web_message', sessionToken: 'nope' }) },
      prompt: 'none',
    });
    expect(await (await platform.fetch(fullUrl)).text()).toContain(
      '{"error":"login_required","error_description":"No valid session","state":"the-state"}',
    );
  });

  it('redirects at once with a code for fragment mode and a valid session token', async () => {
    const { platform, session } = await setUp();
    const sessionToken = await loginSessionToken(platform);
    const { fullUrl } = await session({
      auth: { authRequest: authRequest({ sessionToken }) },
      prompt: 'none',
    });
    const response = await platform.fetch(fullUrl, { redirect: 'manual' });
    expect(callbackParams(response.headers.get('location'))).toMatchObject({
      code: expect.any(String),
      state: 'the-state',
    });
  });

  it('uses the hosted session cookie when no session token is given', async () => {
    const { platform, session, submit } = await setUp();
    const first = await session({ auth: { authRequest: authRequest() } });
    const cookie = (
      await submit(first.fullUrl, { email: 'ada@example.com', password: 'secret' })
    ).headers
      .get('set-cookie')
      ?.split(';')[0];
    const silent = await session({ auth: { authRequest: authRequest() }, prompt: 'none' });
    const response = await platform.fetch(silent.fullUrl, {
      headers: { cookie: cookie ?? '' },
      redirect: 'manual',
    });
    expect(callbackParams(response.headers.get('location'))['code']).toMatch(/^mock-code\./);
  });
});

describe('other hosted pages', () => {
  it('the login page signs in and redirects to postFlowUrl', async () => {
    const { platform, session, submit } = await setUp();
    const { fullUrl } = await session({
      login: {},
      callbacks: { postFlowUrl: 'http://localhost:5173/home' },
    });
    const response = await submit(fullUrl, { email: 'ada@example.com', password: 'secret' });
    expect([response.status, response.headers.get('location')]).toEqual([
      303,
      'http://localhost:5173/home',
    ]);
    expect((await submit(fullUrl, { email: 'ada@example.com', password: 'bad' })).status).toBe(401);
    expect(platform.state.sessions.size).toBeGreaterThan(0);
  });

  it('the reset page sets a password from a recovery link', async () => {
    const { platform, submit } = await setUp();
    await post(platform, 'https://www.wixapis.com/_api/iam/recovery/v1/send-email', {
      email: 'ada@example.com',
    });
    const link = platform.state.lastEmail({ kind: 'recovery' })?.link ?? '';
    expect((await platform.fetch(link)).status).toBe(200);
    expect((await submit(link, { password: 'n3w' })).status).toBe(200);
    expect((await submit(link, { password: 'again' })).status).toBe(400);
  });
});
