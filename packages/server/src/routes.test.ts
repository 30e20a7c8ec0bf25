import { describe, expect, test } from 'vitest';
import { ADA, SITE, testBrowser, testSite } from './test-platform';

/** The JSON answers of the routes, as the tests read them. */
type Answer = {
  loginState?: unknown;
  errorCode?: unknown;
  error?: string;
  location?: string;
  accessToken?: { value: string };
};
/** Words a member should never read in an `error`: API and developer vocabulary. */
const MEMBER_UNFRIENDLY =
  /\b(API|HTTP|POST|GET|token|platform|request|fetch|session|undefined|[A-Z]{2,}_[A-Z_]+)\b/;
const answerOf = async (response: Response): Promise<Answer> => (await response.json()) as Answer;

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...headers },
});

describe('handle', () => {
  test.each(['/', '/account', '/auth', '/authx/login', '/auth/unknown', '/api/auth/login'])(
    '%s is not a route: null',
    async (path) => {
      const site = testSite();
      expect(await site.identity.handle(new Request(`${SITE}${path}`))).toBeNull();
    },
  );

  test('a route with another method: 405 with Allow', async () => {
    const site = testSite();
    const answer = await site.identity.handle(new Request(`${SITE}/auth/logout`));
    expect(answer?.status).toBe(405);
    expect(answer?.headers.get('allow')).toBe('POST');
  });

  test('a custom basePath', async () => {
    const site = testSite({ basePath: '/api/identity' });
    expect(await site.identity.handle(new Request(`${SITE}/auth/session`))).toBeNull();
    expect((await site.identity.handle(new Request(`${SITE}/api/identity/session`)))?.status).toBe(
      200,
    );
  });

  test.each([null, 'x', {}])('handle(%j) is a typed error', async (bad) => {
    await expect(testSite().identity.handle(bad as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

/** A test site on a mock platform, and the bodies of the redirect sessions it posts. */
async function siteRecordingRedirectSessions() {
  const { createMockPlatform } = await import('@site-identity/mock-platform');
  const platform = createMockPlatform();
  const sent: unknown[] = [];
  const site = testSite({
    platform,
    fetch: async (request) => {
      if (request.url.includes('/redirect-session')) sent.push(await request.clone().json());
      return platform.fetch(request);
    },
  });
  return { site, sent };
}

describe('GET /login and GET /callback (hosted login)', () => {
  test('to the hosted page with a PKCE flow in a short-lived cookie on the routes path; back as a member', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const start = await browser.send('/auth/login?returnTo=%2Faccount%3Ftab%3D2');
    expect(start.status).toBe(303);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.pathname).toBe('/_hosted/oauth2/authorize');
    expect(authorize.searchParams.get('redirectUri')).toBe(`${SITE}/auth/callback`);
    expect(authorize.searchParams.get('responseMode')).toBe('query');
    expect(authorize.searchParams.get('codeChallengeMethod')).toBe('S256');
    const flowCookie = start.headers.getSetCookie().find((c) => c.includes('.flow.'))!;
    expect(flowCookie).toMatch(/; Path=\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    expect(flowCookie).not.toContain(authorize.searchParams.get('codeChallenge')!);

    const browser2 = testBrowser(site);
    const { response, visited } = await browser2.hostedLogin(ADA, '/account?tab=2');
    expect(visited.at(-1)).toBe(`${SITE}/account?tab=2`);
    expect(response.status).toBe(200);
    expect([...browser2.jar.keys()].filter((k) => k.includes('.flow.'))).toEqual([]);
    const session = await browser2.session();
    expect(session.snapshot.status).toBe('member');
    expect(site.platform.state.tokens.describe(session.accessToken!)?.role).toBe('member');
  });

  test.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3001/other-port',
  ])('returnTo %s (another origin) ends on / instead', async (returnTo) => {
    const site = testSite();
    const { visited } = await testBrowser(site).hostedLogin(ADA, returnTo);
    expect(visited.at(-1)).toBe(`${SITE}/`);
  });

  test('an absolute returnTo on the same origin is kept', async () => {
    const site = testSite();
    const { visited } = await testBrowser(site).hostedLogin(ADA, `${SITE}/orders#latest`);
    expect(visited.at(-1)).toBe(`${SITE}/orders#latest`);
  });

  test('prompt and idp reach the redirect session; a bad prompt is a 400', async () => {
    const { site, sent } = await siteRecordingRedirectSessions();
    const browser = testBrowser(site);
    const start = await browser.send('/auth/login?prompt=none&idp=google');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('none');
    expect(sent).toEqual([
      expect.objectContaining({
        prompt: 'none',
        auth: {
          authRequest: expect.objectContaining({
            idp: '0e6a50f5-b523-4e29-990d-f37fa2ffdd69',
            responseMode: 'query',
            scope: 'offline_access',
          }),
        },
      }),
    ]);
    await browser.send('/auth/login?idp=my-connection');
    expect(JSON.stringify(sent[1])).toContain('"idp":"my-connection"');
    expect((await browser.send('/auth/login?prompt=consent')).status).toBe(400);
    expect((await browser.send('/auth/login?idp=a%20b')).status).toBe(400);
  });

  test.each(['constructor', 'toString', '__proto__'])(
    'idp=%s is a connection id as written, like any name other than google and facebook',
    async (idp) => {
      const { site, sent } = await siteRecordingRedirectSessions();
      await testBrowser(site).send(`/auth/login?idp=${idp}`);
      expect(sent).toEqual([
        expect.objectContaining({ auth: { authRequest: expect.objectContaining({ idp }) } }),
      ]);
    },
  );

  test('a state with no flow cookie: 400 Invalid _state; no code: 400', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const unknown = await browser.send('/auth/callback?code=abc&state=nope');
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Invalid _state');
    const missing = await browser.send('/auth/callback?state=nope', {
      headers: { accept: 'application/json' },
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: { code: 'MISSING_CODE_OR_STATE', message: 'Missing code or _state' },
    });
  });

  test('a callback replayed after it succeeded is refused (the state is single-use)', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const start = await browser.send('/auth/login');
    const posted = await site.platform.fetch(
      new Request(start.headers.get('location')!, {
        method: 'POST',
        body: new URLSearchParams({ ...ADA, action: 'login' }),
        redirect: 'manual',
      }),
    );
    const callback = new URL(posted.headers.get('location')!);
    const flowCookies = browser.cookieHeader();
    expect((await browser.send(callback.pathname + callback.search)).status).toBe(303);
    const replay = await site.identity.handle(
      new Request(callback, { headers: { cookie: flowCookies } }),
    );
    // The flow cookie was spent with the state; the code too.
    expect([303, 400]).toContain(replay!.status);
    if (replay!.status === 303)
      expect(replay!.headers.get('location')).toContain('loginState=FAILURE');
  });

  test('the member cancels on the hosted page: back to returnTo with loginState=FAILURE and the error', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const start = await browser.send('/auth/login?returnTo=/account');
    const cancelled = await site.platform.fetch(
      new Request(start.headers.get('location')!, {
        method: 'POST',
        body: new URLSearchParams({ action: 'cancel' }),
        redirect: 'manual',
      }),
    );
    const { visited } = await browser.follow(cancelled);
    expect(visited.at(-1)).toBe(`${SITE}/account?loginState=FAILURE&errorCode=access_denied`);
    expect((await browser.session()).snapshot.status).toBe('visitor');
  });

  test('the platform down at /login: 503, and the visitor is not lost', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.send('/auth/session');
    site.platform.faults.inject({ path: '/_api/redirects-api', kind: 'status', status: 503 });
    const answer = await browser.send('/auth/login');
    expect(answer.status).toBe(503);
    expect((await browser.session()).snapshot.status).toBe('visitor');
  });
});

describe('POST /login (form post)', () => {
  const members = [
    ADA,
    { email: 'new@example.com', password: 'pw', emailVerified: false },
    { email: 'pending@example.com', password: 'pw', ownerApproved: false },
    { email: 'reset@example.com', password: 'pw', resetPasswordRequired: true },
    { email: 'mfa@example.com', password: 'pw', mfa: { factorType: 'totp' as const } },
  ];

  test('SUCCESS: a top-level redirect with the session token, back through /callback, a member', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const posted = await browser.send('/auth/login', form({ ...ADA, returnTo: '/account' }));
    expect(posted.status).toBe(303);
    const authorize = new URL(posted.headers.get('location')!);
    expect(authorize.searchParams.get('prompt')).toBe('none');
    expect(authorize.searchParams.get('sessionToken')).toBeTruthy();
    const { visited } = await browser.follow(posted);
    expect(visited.at(-1)).toBe(`${SITE}/account`);
    expect((await browser.session()).snapshot.status).toBe('member');
  });

  test.each([
    ['new@example.com', 'pw', 'EMAIL_VERIFICATION_REQUIRED', undefined],
    ['pending@example.com', 'pw', 'OWNER_APPROVAL_REQUIRED', undefined],
    ['ada@example.com', 'wrong', 'FAILURE', 'invalidPassword'],
    ['nobody@example.com', 'pw', 'FAILURE', 'invalidEmail'],
    ['reset@example.com', 'pw', 'FAILURE', 'resetPassword'],
    ['mfa@example.com', 'pw', 'FAILURE', 'UNKNOWN_STATE'],
    ['not-an-email', 'pw', 'FAILURE', 'invalidEmail'],
  ])('%s / %s → %s %s: redirect to failureTo, or JSON', async (email, password, state, code) => {
    const { createMockPlatform } = await import('@site-identity/mock-platform');
    const site = testSite({
      platform: createMockPlatform({
        members,
        site: { requireEmailVerification: true, requireOwnerApproval: true, captcha: 'off' },
      }),
    });
    const browser = testBrowser(site);
    const posted = await browser.send(
      '/auth/login',
      form({ email, password, failureTo: '/sign-in?step=1' }),
    );
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get('location')!, SITE);
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('step')).toBe('1');
    expect(location.searchParams.get('loginState')).toBe(state);
    expect(location.searchParams.get('errorCode')).toBe(code ?? null);

    const json = await browser.send(
      '/auth/login',
      form({ email, password }, { accept: 'application/json' }),
    );
    expect(json.status).toBe(200);
    const body = await answerOf(json);
    expect(body.loginState).toBe(state);
    expect(body.errorCode).toBe(code);
    expect(JSON.stringify(body)).not.toContain('stateToken');
    expect((await browser.session()).snapshot.status).toBe('visitor');
  });

  test.each([['invisible', 'SILENT_CAPTCHA_REQUIRED', 'missingCaptchaToken']] as const)(
    'captcha %s without a token → %s',
    async (captcha, state, code) => {
      const site = testSite();
      site.platform.state.settings.captcha = captcha;
      const body = await answerOf(
        await testBrowser(site).send(
          '/auth/login',
          form({ ...ADA }, { accept: 'application/json' }),
        ),
      );
      expect([state, 'FAILURE']).toContain(body.loginState);
      expect(body.errorCode).toBe(code);
    },
  );

  test('the failure page defaults to the Referer on this origin, else /', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const wrong = { email: ADA.email, password: 'wrong' };
    const fromPage = await browser.send(
      '/auth/login',
      form(wrong, { referer: `${SITE}/shop?x=1` }),
    );
    expect(fromPage.headers.get('location')).toBe(
      '/shop?x=1&loginState=FAILURE&errorCode=invalidPassword',
    );
    const foreign = await browser.send(
      '/auth/login',
      form(wrong, { referer: 'https://evil.example/' }),
    );
    expect(foreign.headers.get('location')).toBe('/?loginState=FAILURE&errorCode=invalidPassword');
  });

  test("a form login whose request is aborted stops the platform's login request: FAILURE ABORTED", async () => {
    const site = testSite();
    site.platform.faults.inject({
      path: '/_api/iam/authentication/v2/login',
      kind: 'latency',
      latencyMs: 5000,
    });
    const controller = new AbortController();
    const pending = site.identity.handle(
      new Request(`${SITE}/auth/login`, {
        ...form({ ...ADA }, { accept: 'application/json' }),
        signal: controller.signal,
      }),
    );
    setTimeout(() => controller.abort(), 100);
    const answer = await pending;
    expect(await answer?.json()).toMatchObject({ loginState: 'FAILURE', errorCode: 'ABORTED' });
  });

  test('JSON SUCCESS answers where to go next', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const answer = await browser.send('/auth/login', {
      method: 'POST',
      body: JSON.stringify(ADA),
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: SITE },
    });
    const body = await answerOf(answer);
    expect(body).toEqual({
      loginState: 'SUCCESS',
      location: expect.stringContaining('/_hosted/oauth2/authorize'),
    });
    await browser.follow(
      new Response(null, { status: 303, headers: { location: body.location! } }),
    );
    expect((await browser.session()).snapshot.status).toBe('member');
  });

  test('a post from another origin is refused: 403, nothing sent to the platform', async () => {
    const site = testSite();
    const answer = await testBrowser(site).send(
      '/auth/login',
      form({ ...ADA }, { origin: 'https://evil.example' }),
    );
    expect(answer.status).toBe(403);
    expect(site.platform.state.requests.some((r) => r.path.endsWith('/v2/login'))).toBe(false);
  });

  test('a body that is neither a form nor JSON: 415', async () => {
    const site = testSite();
    const answer = await testBrowser(site).send('/auth/login', {
      method: 'POST',
      body: 'email=x',
      headers: { 'content-type': 'text/plain', origin: SITE },
    });
    expect(answer.status).toBe(415);
  });

  test('the platform down: FAILURE with the transport code, never an exception', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.send('/auth/session');
    site.platform.faults.inject({ path: '/_api/iam', kind: 'network', times: Infinity });
    const body = await answerOf(
      await browser.send('/auth/login', form({ ...ADA }, { accept: 'application/json' })),
    );
    expect(body.loginState).toBe('FAILURE');
    expect(typeof body.errorCode).toBe('string');
    expect(body.error).toMatch(/^[A-Z].*\.$/);
    expect(body.error).not.toMatch(MEMBER_UNFRIENDLY);
    expect((await browser.session()).snapshot.status).toBe('visitor');
  });

  test('the token endpoint down before the visitor has a session: NETWORK_ERROR in words for the member', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    site.platform.faults.inject({ path: '/oauth2/token', kind: 'network', times: Infinity });
    const body = await answerOf(
      await browser.send('/auth/login', form({ ...ADA }, { accept: 'application/json' })),
    );
    expect(body).toMatchObject({ loginState: 'FAILURE', errorCode: 'NETWORK_ERROR' });
    expect(body.error).toMatch(/^[A-Z].*\.$/);
    expect(body.error).not.toMatch(MEMBER_UNFRIENDLY);
  });

  test('the platform answering the login but not the redirect session: LOGIN_NOT_COMPLETED in words for the member', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.send('/auth/session');
    site.platform.faults.inject({ path: /\/redirect-session$/, kind: 'network', times: Infinity });
    const body = await answerOf(
      await browser.send('/auth/login', form({ ...ADA }, { accept: 'application/json' })),
    );
    expect(body).toMatchObject({ loginState: 'FAILURE', errorCode: 'LOGIN_NOT_COMPLETED' });
    expect(body.error).toMatch(/^[A-Z].*\.$/);
    expect(body.error).not.toMatch(MEMBER_UNFRIENDLY);
  });
});

describe('POST /logout', () => {
  test('clears the session cookie and redirects to the platform logout URL, which returns to returnTo', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const answer = await browser.send('/auth/logout', form({ returnTo: '/bye' }));
    expect(answer.status).toBe(303);
    expect(answer.headers.getSetCookie()).toEqual([
      'site-identity=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    ]);
    const logoutUrl = new URL(answer.headers.get('location')!);
    expect(logoutUrl.pathname).toBe('/_api/iam/authentication/v1/logout');
    const { visited } = await browser.follow(answer);
    expect(visited.at(-1)).toBe(`${SITE}/bye`);
    expect(browser.jar.has('site-identity')).toBe(false);
    expect((await browser.session()).snapshot.status).toBe('visitor');
  });

  test('JSON: { logoutUrl, returnTo }; a visitor has no platform session to end', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    const answer = await browser.send('/auth/logout', form({}, { accept: 'application/json' }));
    expect(await answer.json()).toEqual({ logoutUrl: null, returnTo: '/' });
  });

  test('the platform down: signed out here all the same, back to returnTo', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.platform.faults.inject({
      path: '/_api/redirects-api',
      kind: 'status',
      status: 503,
      times: Infinity,
    });
    const answer = await browser.send('/auth/logout', form({ returnTo: '/bye' }));
    expect(answer.headers.get('location')).toBe('/bye');
    expect(browser.jar.has('site-identity')).toBe(false);
  });

  test('from another origin: 403, the member stays', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const answer = await browser.send('/auth/logout', form({}, { origin: 'https://evil.example' }));
    expect(answer.status).toBe(403);
    expect((await browser.session()).snapshot.status).toBe('member');
  });
});

describe('GET /session', () => {
  test('the snapshot as JSON, never a token unless asked; no-store', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const answer = await browser.send('/auth/session');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ status: 'member' });
  });

  test('browser-facing mode: a fresh access token too, never the refresh token', async () => {
    const site = testSite({ exposeAccessToken: true });
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.advance(2 * 3_600_000);
    const body = await answerOf(await browser.send('/auth/session'));
    expect(body).toEqual({
      status: 'member',
      accessToken: { value: expect.any(String), expiresAt: expect.any(Number) },
    });
    expect(site.platform.state.tokens.describe(body.accessToken!.value)?.status).toBe('active');
    expect(site.refreshRequests()).toBe(1);
  });

  test('renewal failing for a moment: 503 with a retryable error; the member stays', async () => {
    const site = testSite({ exposeAccessToken: true });
    const browser = testBrowser(site);
    await browser.hostedLogin();
    site.advance(2 * 3_600_000);
    site.platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const answer = await browser.send('/auth/session');
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ status: 'member', error: { retryable: true } });
  });
});
