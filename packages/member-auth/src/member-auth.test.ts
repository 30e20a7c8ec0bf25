import { vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import type { LoginResult } from './login-result';
import { isMemberAuthError } from './member-auth-error';
import { createMemberAuth, type MemberAuth } from './member-auth';
import { CLIENT_ID, usePlatform } from './test-platform';

const AUTH = 'https://www.wixapis.com/_api/iam/authentication';
const ada = { email: 'ada@example.com', password: 'correct horse' };

const { platform, server, createAuth, serviceRequests } = usePlatform();

type Case = {
  call: 'register' | 'login';
  what: string;
  arrange?: () => void;
  params?: Record<string, unknown>;
  loginState: LoginResult['loginState'];
  errorCode?: string;
};

const cases: Case[] = [
  // every server state
  { call: 'register', what: 'SUCCESS', loginState: 'SUCCESS' },
  {
    call: 'login',
    what: 'SUCCESS',
    arrange: () => void platform.state.addMember(ada),
    loginState: 'SUCCESS',
  },
  {
    call: 'register',
    what: 'REQUIRE_EMAIL_VERIFICATION',
    arrange: () => void (platform.state.settings.requireEmailVerification = true),
    loginState: 'EMAIL_VERIFICATION_REQUIRED',
  },
  {
    call: 'login',
    what: 'REQUIRE_EMAIL_VERIFICATION',
    arrange: () => {
      platform.state.settings.requireEmailVerification = true;
      platform.state.addMember({ ...ada, emailVerified: false });
    },
    loginState: 'EMAIL_VERIFICATION_REQUIRED',
  },
  {
    call: 'register',
    what: 'REQUIRE_OWNER_APPROVAL',
    arrange: () => void (platform.state.settings.requireOwnerApproval = true),
    loginState: 'OWNER_APPROVAL_REQUIRED',
  },
  {
    call: 'login',
    what: 'REQUIRE_OWNER_APPROVAL',
    arrange: () => void platform.state.addMember({ ...ada, ownerApproved: false }),
    loginState: 'OWNER_APPROVAL_REQUIRED',
  },
  {
    call: 'login',
    what: 'REQUIRE_MFA',
    arrange: () => void platform.state.addMember({ ...ada, mfa: { factorType: 'totp' } }),
    loginState: 'FAILURE',
    errorCode: 'UNKNOWN_STATE',
  },
  {
    call: 'login',
    what: 'STATUS_CHECK',
    arrange: () =>
      server.use(http.post(`${AUTH}/v2/login`, () => HttpResponse.json({ state: 'STATUS_CHECK' }))),
    loginState: 'FAILURE',
    errorCode: 'UNKNOWN_STATE',
  },
  // every catalogue row
  {
    call: 'register',
    what: '-19971 missing captcha',
    arrange: () => void (platform.state.settings.captcha = 'invisible'),
    loginState: 'SILENT_CAPTCHA_REQUIRED',
    errorCode: 'missingCaptchaToken',
  },
  {
    call: 'register',
    what: '-19970 invalid captcha',
    arrange: () => void (platform.state.settings.captcha = 'invisible'),
    params: { captchaTokens: { invisibleRecaptchaToken: 'invalid' } },
    loginState: 'USER_CAPTCHA_REQUIRED',
    errorCode: 'invalidCaptchaToken',
  },
  {
    call: 'register',
    what: '-19995 email already exists',
    arrange: () => void platform.state.addMember(ada),
    loginState: 'FAILURE',
    errorCode: 'emailAlreadyExists',
  },
  {
    call: 'register',
    what: 'an EMAIL field violation',
    arrange: () =>
      server.use(
        http.post(`${AUTH}/v2/register`, () =>
          HttpResponse.json(
            {
              message: 'INVALID_ARGUMENT',
              details: {
                validationError: {
                  fieldViolations: [
                    {
                      field: 'loginId.email',
                      description: 'not deliverable',
                      data: { type: 'EMAIL' },
                    },
                  ],
                },
              },
            },
            { status: 400, headers: { 'x-wix-request-id': 'req-email' } },
          ),
        ),
      ),
    loginState: 'FAILURE',
    errorCode: 'invalidEmail',
  },
  {
    call: 'login',
    what: '-19971 missing captcha',
    arrange: () => {
      platform.state.settings.captcha = 'visible';
      platform.state.addMember(ada);
    },
    loginState: 'SILENT_CAPTCHA_REQUIRED',
    errorCode: 'missingCaptchaToken',
  },
  {
    call: 'login',
    what: '-19970 invalid captcha',
    arrange: () => {
      platform.state.settings.captcha = 'visible';
      platform.state.addMember(ada);
    },
    params: { captchaTokens: { recaptchaToken: 'invalid' } },
    loginState: 'USER_CAPTCHA_REQUIRED',
    errorCode: 'invalidCaptchaToken',
  },
  {
    call: 'login',
    what: '-19976 invalid password',
    arrange: () => void platform.state.addMember({ ...ada, password: 'another one' }),
    loginState: 'FAILURE',
    errorCode: 'invalidPassword',
  },
  {
    call: 'login',
    what: '-19973 reset password',
    arrange: () => void platform.state.addMember({ ...ada, resetPasswordRequired: true }),
    loginState: 'FAILURE',
    errorCode: 'resetPassword',
  },
  {
    call: 'login',
    what: 'anything else (an unknown member)',
    loginState: 'FAILURE',
    errorCode: 'invalidEmail',
  },
  // transport failures
  {
    call: 'login',
    what: 'a network failure',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'network' }),
    loginState: 'FAILURE',
    errorCode: 'NETWORK_ERROR',
  },
  {
    call: 'login',
    what: 'a 429 rate limit (not an invalid e-mail)',
    arrange: () =>
      platform.faults.inject({
        path: '/_api/iam/',
        kind: 'status',
        status: 429,
        retryAfterSeconds: 1,
      }),
    loginState: 'FAILURE',
    errorCode: 'TOO_MANY_REQUESTS',
  },
  {
    call: 'register',
    what: 'a 429 rate limit',
    arrange: () =>
      platform.faults.inject({
        path: '/_api/iam/',
        kind: 'status',
        status: 429,
        retryAfterSeconds: 1,
      }),
    loginState: 'FAILURE',
    errorCode: 'TOO_MANY_REQUESTS',
  },
  {
    call: 'register',
    what: 'an HTML error page',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'html', status: 502 }),
    loginState: 'FAILURE',
    errorCode: 'SERVER_ERROR',
  },
  {
    call: 'login',
    what: 'an HTML page with status 200',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'html', status: 200 }),
    loginState: 'FAILURE',
    errorCode: 'SERVER_ERROR',
  },
  {
    call: 'register',
    what: 'a 500 without details',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'status', status: 500 }),
    loginState: 'FAILURE',
    errorCode: 'SERVER_ERROR',
  },
  {
    call: 'login',
    what: 'an empty 200',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'empty' }),
    loginState: 'FAILURE',
    errorCode: 'SERVER_ERROR',
  },
  {
    call: 'login',
    what: 'a 200 of another shape',
    arrange: () => platform.faults.inject({ path: '/_api/iam/', kind: 'wrong-shape' }),
    loginState: 'FAILURE',
    errorCode: 'UNKNOWN_STATE',
  },
  {
    call: 'register',
    what: 'a token endpoint that cannot be reached',
    arrange: () =>
      platform.faults.inject({ path: '/oauth2/token', kind: 'network', times: Infinity }),
    loginState: 'FAILURE',
    errorCode: 'NETWORK_ERROR',
  },
];

describe('register and login against the platform', () => {
  test.each(cases)(
    '$call: $what → $loginState $errorCode',
    async ({ call, arrange, params, loginState, errorCode }) => {
      arrange?.();
      const { auth } = createAuth();
      const result = await auth[call]({ ...ada, completeLogin: false, ...params });
      expect(result.loginState).toBe(loginState);
      expect(result.errorCode).toBe(errorCode);
      if (result.loginState === 'SUCCESS')
        expect(result.data.sessionToken).toEqual(expect.any(String));
      if (result.loginState === 'EMAIL_VERIFICATION_REQUIRED')
        expect(result.data.stateToken).toEqual(expect.any(String));
      if (errorCode) {
        expect(result.error).toEqual(expect.any(String));
        expect(isMemberAuthError(result.cause)).toBe(true);
      }
    },
  );

  test('a platform error keeps its request id and the PlatformError as cause', async () => {
    platform.state.addMember(ada);
    const { auth } = createAuth();
    const result = await auth.login({ ...ada, password: 'wrong', completeLogin: false });
    expect(result.loginState === 'FAILURE' && result.cause.requestId).toEqual(expect.any(String));
    expect(result.loginState === 'FAILURE' && result.cause.cause).toMatchObject({
      name: 'PlatformError',
      code: '-19976',
    });
  });

  test('REQUIRE_MFA keeps the state token and the challenge', async () => {
    platform.state.addMember({ ...ada, mfa: { factorType: 'sms' } });
    const { auth } = createAuth();
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      error: 'Unknown state',
      serverState: 'REQUIRE_MFA',
      data: { stateToken: expect.any(String) },
      mfa: {
        factorType: 'SMS',
        reason: 'USER_SETTINGS',
        availableFactors: [{ factorType: 'SMS', factorStatus: 'ENABLED' }],
        verificationChallengeData: { hint: '+1 ••• ••• ••42' },
      },
    });
  });

  test('sends the register body the platform expects', async () => {
    let body: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/v2/register')) body = await request.clone().json();
    });
    const { auth } = createAuth();
    await auth.register({
      ...ada,
      profile: { firstName: 'Ada' },
      captchaTokens: { recaptchaToken: 'v' },
      clientMetaData: { source: 'test' },
      completeLogin: false,
    });
    server.events.removeAllListeners();
    expect(body).toEqual({
      loginId: { email: ada.email },
      password: ada.password,
      profile: { firstName: 'Ada' },
      captchaTokens: [{ Recaptcha: 'v' }],
      clientMetaData: { source: 'test' },
    });
  });
});

describe('input checks', () => {
  test.each([
    ['register', { email: 'not-an-email', password: 'x' }, 'invalidEmail'],
    ['login', { email: 'ada@example', password: 'x' }, 'invalidEmail'],
    ['login', { email: 'ada@example.com', password: '' }, 'invalidPassword'],
    ['register', { email: 'ada@example.com' }, 'invalidPassword'],
    ['login', undefined, 'INVALID_ARGUMENT'],
    ['login', 'ada@example.com', 'INVALID_ARGUMENT'],
  ] as const)('%s(%j) → FAILURE %s without a request', async (call, params, errorCode) => {
    const { auth } = createAuth();
    const result = await auth[call](params as never);
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode });
    expect(serviceRequests()).toHaveLength(0);
  });
});

describe('the wrong call shape is named, never "Enter a valid e-mail address"', () => {
  test.each([
    [
      "login('a@b.co', 'pw')",
      (auth: MemberAuth) =>
        (auth.login as (...args: unknown[]) => Promise<LoginResult>)('a@b.co', 'pw'),
      'login takes one object, login({ email, password }); got a string and 1 more argument',
    ],
    [
      'login({ username, password })',
      (auth: MemberAuth) => auth.login({ username: 'ada', password: 'pw' } as never),
      'login takes one object, login({ email, password }); got an object with username, password and no email',
    ],
    [
      'register(params, options): the email is there, only the second argument is wrong',
      (auth: MemberAuth) =>
        (auth.register as (...args: unknown[]) => Promise<LoginResult>)(
          { email: 'a@b.co', password: 'pw', completeLogin: false },
          { completeLogin: false },
        ),
      'register takes one object, register({ email, password }); got an object with email, password, completeLogin and 1 more argument',
    ],
    [
      'login({}, options)',
      (auth: MemberAuth) => (auth.login as (...args: unknown[]) => Promise<LoginResult>)({}, {}),
      'login takes one object, login({ email, password }); got an empty object and 1 more argument',
    ],
    [
      'register()',
      (auth: MemberAuth) => auth.register(undefined as never),
      'register takes one object, register({ email, password }); got undefined',
    ],
    [
      "login(['a@b.co', 'pw'])",
      (auth: MemberAuth) => auth.login(['a@b.co', 'pw'] as never),
      'login takes one object, login({ email, password }); got an array',
    ],
  ])('%s', async (_name, call, message) => {
    const { auth } = createAuth();
    const result = await call(auth);
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
      error: 'Check what you entered and try again.',
      cause: { code: 'INVALID_ARGUMENT', message },
    });
    // Never the values: the second argument may be the password.
    expect(result.cause?.message).not.toContain('pw');
    expect(serviceRequests()).toHaveLength(0);
  });
});

describe('two texts: the member reads what to do, the developer where and why', () => {
  test('the token endpoint down: the member reads no API words; the cause names the request and the detail', async () => {
    platform.state.addMember(ada);
    const { auth } = createAuth();
    platform.faults.inject({ path: '/oauth2/token', kind: 'network' });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'NETWORK_ERROR',
      error: 'We could not reach the site. Check your connection and try again.',
    });
    expect(result.error).not.toMatch(/getAuthorization|POST|oauth|token/i);
    // The token manager's own error: the login request was never sent.
    expect(result.cause?.message).toBe(
      'Failed to fetch tokens from OAuth API: Network error: no answer to POST https://www.wixapis.com/oauth2/token',
    );
    expect(serviceRequests()).toHaveLength(0);
    expect(result.cause?.detail).toEqual({
      method: 'POST',
      url: 'https://www.wixapis.com/oauth2/token',
      networkCode: undefined,
    });
  });
});

describe('options read as the checks read them', () => {
  test('settings an options object inherits (a class with getters) reach every call', async () => {
    platform.state.addMember(ada);
    const { tokens, redirects } = createAuth();
    class Settings {
      get tokens() {
        return tokens;
      }
      get redirects() {
        return redirects;
      }
    }
    const auth = createMemberAuth(new Settings());
    await expect(auth.login({ ...ada, completeLogin: false })).resolves.toMatchObject({
      loginState: 'SUCCESS',
    });
    // The token manager reached the account calls: a visitor is told to log in first.
    await expect(auth.changePassword('a new password 1')).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'NOT_LOGGED_IN',
    });
  });
});

describe('a body JSON cannot carry', () => {
  test('a profile holding a bigint is a FAILURE whose cause is INVALID_REQUEST_BODY, and nothing is sent', async () => {
    const { auth } = createAuth();
    const result = await auth.register({
      ...ada,
      profile: { customFields: [{ name: 'visits', value: 1n }] },
      completeLogin: false,
    } as unknown as Parameters<MemberAuth['register']>[0]);
    expect(result.loginState).toBe('FAILURE');
    expect(result.cause?.cause).toMatchObject({ code: 'INVALID_REQUEST_BODY' });
    expect(result.cause?.message).toBe(
      'The body must be serialisable as JSON; JSON.stringify threw a TypeError',
    );
    expect(serviceRequests()).toHaveLength(0);
  });
});

describe('completing the login', () => {
  test('SUCCESS hands the session token to redirects.silentLogin, and the member is logged in', async () => {
    platform.state.addMember(ada);
    const { auth, tokens, silentLogin } = createAuth({ emulateSilentLogin: true });
    const result = await auth.login(ada);
    expect(result.loginState).toBe('SUCCESS');
    expect(silentLogin).toHaveBeenCalledExactlyOnceWith(result.data.sessionToken, {
      timeoutMs: expect.any(Number),
    });
    expect(tokens.isLoggedIn()).toBe(true);
  });

  test('completeLogin: false leaves it to the app', async () => {
    const { auth, silentLogin } = createAuth({ emulateSilentLogin: true });
    expect((await auth.register({ ...ada, completeLogin: false })).loginState).toBe('SUCCESS');
    expect(silentLogin).not.toHaveBeenCalled();
  });

  test('a completion that fails (here: no browser) is a FAILURE that keeps the session token', async () => {
    platform.state.addMember(ada);
    const { auth, silentLogin } = createAuth();
    const result = await auth.login(ada);
    expect(silentLogin).toHaveBeenCalledOnce();
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'LOGIN_NOT_COMPLETED',
      data: { sessionToken: expect.any(String) },
    });
    expect(result.loginState === 'FAILURE' && result.cause.cause).toMatchObject({
      code: 'NOT_IN_BROWSER',
    });
  });
});

describe('captcha with a provider', () => {
  test('a missing token is answered with an invisible token', async () => {
    platform.state.settings.captcha = 'invisible';
    const getToken = vi.fn(async () => 'invisible-token');
    const { auth } = createAuth({ captcha: { provider: { getToken } } });
    const result = await auth.register({ ...ada, completeLogin: false });
    expect(result.loginState).toBe('SUCCESS');
    expect(getToken).toHaveBeenCalledExactlyOnceWith(
      'invisible',
      '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v',
    );
    expect(serviceRequests()).toHaveLength(2);
  });

  test('an invalid invisible token is followed by a visible one', async () => {
    platform.state.settings.captcha = 'invisible';
    platform.state.addMember(ada);
    const getToken = vi.fn(async (kind: string) => (kind === 'visible' ? 'solved' : 'invalid'));
    const { auth } = createAuth({ captcha: { provider: { getToken } } });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result.loginState).toBe('SUCCESS');
    expect(getToken.mock.calls).toEqual([
      ['invisible', '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v'],
      ['visible', '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy'],
    ]);
    expect(serviceRequests()).toHaveLength(3);
  });

  test('without a visible token the app is told to show the captcha', async () => {
    platform.state.settings.captcha = 'invisible';
    platform.state.addMember(ada);
    const getToken = vi.fn(async (kind: string) => (kind === 'invisible' ? 'invalid' : undefined));
    const { auth } = createAuth({ captcha: { provider: { getToken } } });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    });
    expect(getToken.mock.calls.map(([kind]) => kind)).toEqual(['invisible', 'visible']);
    expect(serviceRequests()).toHaveLength(2);
  });

  test('a site that needs the visible captcha: the invisible token is refused, the visible one passes', async () => {
    platform.state.settings.captcha = 'visible';
    platform.state.addMember(ada);
    const getToken = vi.fn(async (kind: 'invisible' | 'visible') => `${kind}-token`);
    const { auth } = createAuth({ captcha: { provider: { getToken } } });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result.loginState).toBe('SUCCESS');
    expect(getToken.mock.calls.map(([kind]) => kind)).toEqual(['invisible', 'visible']);
    expect(serviceRequests()).toHaveLength(3);
  });

  test('a site that needs the visible captcha, with a provider that has none: USER_CAPTCHA_REQUIRED', async () => {
    platform.state.settings.captcha = 'visible';
    platform.state.addMember(ada);
    const getToken = vi.fn(async (kind: 'invisible' | 'visible') =>
      kind === 'invisible' ? 'invisible-token' : undefined,
    );
    const { auth } = createAuth({ captcha: { provider: { getToken } } });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      errorCode: 'invalidCaptchaToken',
    });
    expect(getToken.mock.calls.map(([kind]) => kind)).toEqual(['invisible', 'visible']);
    expect(serviceRequests()).toHaveLength(2);
  });

  test('an app-solved visible captcha passes on the next call', async () => {
    platform.state.settings.captcha = 'visible';
    platform.state.addMember(ada);
    const { auth } = createAuth();
    const first = await auth.login({ ...ada, completeLogin: false });
    expect(first.loginState).toBe('SILENT_CAPTCHA_REQUIRED');
    const second = await auth.login({
      ...ada,
      captchaTokens: { recaptchaToken: 'solved' },
      completeLogin: false,
    });
    expect(second.loginState).toBe('SUCCESS');
  });

  test("without a captcha, the captcha result's cause names the separate import", async () => {
    platform.state.settings.captcha = 'invisible';
    platform.state.addMember(ada);
    const { auth } = createAuth();
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result).toMatchObject({
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      errorCode: 'missingCaptchaToken',
      cause: { name: 'MemberAuthError', code: 'MISSING_CAPTCHA_TOKEN' },
    });
    expect(result.loginState !== 'SUCCESS' && result.cause?.message).toContain(
      'createCaptcha from @site-identity/member-auth/captcha',
    );
    expect(result.loginState !== 'SUCCESS' && result.error).not.toContain('@site-identity');
    expect(result.loginState !== 'SUCCESS' && result.cause?.cause).toMatchObject({
      code: '-19971',
    });
  });

  test('with a captcha, a captcha result is as the platform gave it', async () => {
    platform.state.settings.captcha = 'visible';
    platform.state.addMember(ada);
    const { auth } = createAuth({ captcha: {} });
    const result = await auth.login({ ...ada, completeLogin: false });
    expect(result.loginState).toBe('SILENT_CAPTCHA_REQUIRED');
    expect(result.loginState !== 'SUCCESS' && result.cause?.message).not.toContain('createCaptcha');
  });

  test('captcha options of the old shape are refused with the import to use', () => {
    const { tokens, redirects } = createAuth();
    expect(() =>
      createMemberAuth({
        clientId: CLIENT_ID,
        tokens,
        redirects,
        captcha: { siteKeys: { visible: 'own-key' } } as never,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message:
          'captcha must be made by createCaptcha of @site-identity/member-auth/captcha; got an object',
      }),
    );
  });
});

describe('createMemberAuth', () => {
  const { tokens, redirects } = createAuth();
  test.each([
    ['no options', undefined],
    ['an empty client id', { clientId: '', tokens, redirects }],
    ['no token manager', { clientId: CLIENT_ID, redirects }],
    ['no redirect client', { clientId: CLIENT_ID, tokens }],
    ['a relative API base', { clientId: CLIENT_ID, tokens, redirects, apiBaseUrl: '/api' }],
  ])('%s is an INVALID_ARGUMENT error', (_, options) => {
    expect(() => createMemberAuth(options as never)).toThrow(
      expect.objectContaining({ name: 'MemberAuthError', code: 'INVALID_ARGUMENT' }),
    );
  });

  test('clientId is the token manager’s unless given; another one is refused naming both', async () => {
    const { tokens: manager, redirects: client } = createAuth();
    const bodies: { redirect?: { clientId?: string } }[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/v1/send-email'))
        bodies.push((await request.clone().json()) as (typeof bodies)[number]);
    });
    const inherited = createMemberAuth({ tokens: manager, redirects: client });
    await inherited.sendPasswordResetEmail(ada.email, { redirectUri: 'https://shop.example/r' });
    server.events.removeAllListeners();
    expect(bodies.map((body) => body.redirect?.clientId)).toEqual([CLIENT_ID]);
    expect(() =>
      createMemberAuth({ clientId: CLIENT_ID, tokens: manager, redirects: client }),
    ).not.toThrow();
    expect(() =>
      createMemberAuth({ clientId: 'another-site', tokens: manager, redirects: client }),
    ).toThrow(
      expect.objectContaining({
        name: 'MemberAuthError',
        code: 'INVALID_ARGUMENT',
        message: `clientId must be the token manager's clientId "${CLIENT_ID}" or left out; got "another-site"`,
      }),
    );
  });

  test('sends nothing until a call is made', () => {
    createAuth();
    expect(platform.state.requests).toHaveLength(0);
  });

  test('calls go to apiBaseUrl', async () => {
    const seen: string[] = [];
    server.use(
      http.post('https://api.example.test/_api/iam/authentication/v2/login', ({ request }) => {
        seen.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ state: 'REQUIRE_OWNER_APPROVAL' });
      }),
    );
    const { tokens: manager, redirects: client } = createAuth();
    const auth = createMemberAuth({
      clientId: CLIENT_ID,
      tokens: manager,
      redirects: client,
      apiBaseUrl: 'https://api.example.test/',
    });
    expect((await auth.login(ada)).loginState).toBe('OWNER_APPROVAL_REQUIRED');
    expect(seen).toEqual([await manager.getAccessToken()]);
  });
});
