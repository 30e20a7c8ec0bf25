import { describe, expect, it, test } from 'vitest';
import { createMockPlatform } from '../platform';
import { AUTH, errorCode, post, REDIRECTS, TOKEN_URL, visitorTokens } from '../test-platform';

const credentials = (email = 'ada@example.com', password = 'secret') => ({
  loginId: { email },
  password,
  captchaTokens: [],
  clientMetaData: {},
});

describe('register', () => {
  it('creates an active member and answers SUCCESS with a session token', async () => {
    const platform = createMockPlatform();
    const { status, body, response } = await post(platform, `${AUTH}/v2/register`, {
      ...credentials(),
      profile: { nickname: 'Ada' },
    });
    expect(status).toBe(200);
    expect(response.headers.get('x-wix-request-id')).toBeTruthy();
    expect(body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { email: { address: 'ada@example.com' } },
    });
    expect(platform.state.findMember('ADA@example.com')?.profile).toEqual({ nickname: 'Ada' });
    expect(platform.state.sessions.has(body['sessionToken'] as string)).toBe(true);
  });

  it('answers REQUIRE_EMAIL_VERIFICATION with a state token and a code in the outbox', async () => {
    const platform = createMockPlatform({ site: { requireEmailVerification: true } });
    const { body } = await post(platform, `${AUTH}/v2/register`, credentials());
    expect(body).toMatchObject({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: expect.any(String),
    });
    expect(body['sessionToken']).toBeUndefined();
    expect(platform.state.lastEmail({ kind: 'verification' })).toMatchObject({
      to: 'ada@example.com',
      code: expect.stringMatching(/^\d{6}$/),
    });
  });

  it('answers REQUIRE_OWNER_APPROVAL when the owner approves members', async () => {
    const platform = createMockPlatform({ site: { requireOwnerApproval: true } });
    expect((await post(platform, `${AUTH}/v2/register`, credentials())).body['state']).toBe(
      'REQUIRE_OWNER_APPROVAL',
    );
  });

  it('answers -19995 for an e-mail that exists', async () => {
    const platform = createMockPlatform({ members: [{ email: 'ada@example.com', password: 'x' }] });
    const { status, body } = await post(platform, `${AUTH}/v2/register`, credentials());
    expect(status).toBe(409);
    expect(body).toEqual({
      message: 'Email already exists',
      details: {
        applicationError: { code: '-19995', description: 'Email already exists', data: {} },
      },
    });
  });

  test.each([
    ['not-an-email', 'secret', ['loginId.email']],
    ['ada@example.com', '', ['password']],
    ['', '', ['loginId.email', 'password']],
  ])('answers a validation error for email %j and password %j', async (email, password, fields) => {
    const { status, body } = await post(
      createMockPlatform(),
      `${AUTH}/v2/register`,
      credentials(email, password),
    );
    expect(status).toBe(400);
    const violations = (
      body['details'] as {
        validationError: { fieldViolations: { field: string; data?: { type: string } }[] };
      }
    ).validationError.fieldViolations;
    expect(violations.map((violation) => violation.field)).toEqual(fields);
    if (fields.includes('loginId.email')) expect(violations[0]?.data).toEqual({ type: 'EMAIL' });
  });
});

describe('captcha', () => {
  test.each([
    ['invisible', undefined, '-19971'],
    ['invisible', [], '-19971'],
    ['invisible', [{ InvisibleRecaptcha: '' }], '-19971'],
    ['invisible', [{ InvisibleRecaptcha: 'invalid' }], '-19970'],
    ['invisible', [{ InvisibleRecaptcha: 'token' }], undefined],
    ['invisible', [{ Recaptcha: 'token' }], undefined],
    ['visible', [{ InvisibleRecaptcha: 'token' }], '-19970'],
    ['visible', [], '-19971'],
    ['visible', [{ Recaptcha: 'invalid' }], '-19970'],
    ['visible', [{ Recaptcha: 'token' }], undefined],
    ['off', undefined, undefined],
  ] as const)(
    'in %s mode, %j gives %s on register and login',
    async (captcha, captchaTokens, code) => {
      const platform = createMockPlatform({
        site: { captcha },
        members: [{ email: 'grace@example.com', password: 'secret' }],
      });
      const register = await post(platform, `${AUTH}/v2/register`, {
        ...credentials(),
        captchaTokens,
      });
      const login = await post(platform, `${AUTH}/v2/login`, {
        ...credentials('grace@example.com'),
        captchaTokens,
      });
      for (const answer of [register, login]) {
        expect(errorCode(answer.body)).toBe(code);
        expect(answer.status).toBe(code === undefined ? 200 : 400);
      }
    },
  );
});

describe('login', () => {
  const members = [
    { email: 'ada@example.com', password: 'secret' },
    { email: 'reset@example.com', password: 'secret', resetPasswordRequired: true },
    { email: 'pending@example.com', password: 'secret', ownerApproved: false },
    { email: 'unverified@example.com', password: 'secret', emailVerified: false },
  ];

  it('answers SUCCESS with a session token and the identity', async () => {
    const platform = createMockPlatform({ members });
    const { body } = await post(platform, `${AUTH}/v2/login`, credentials());
    expect(body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { status: { name: 'ACTIVE' } },
    });
  });

  test.each([
    ['ada@example.com', 'wrong', 400, '-19976'],
    ['reset@example.com', 'secret', 400, '-19973'],
    ['nobody@example.com', 'secret', 404, 'IDENTITY_NOT_FOUND'],
  ])('answers %s / %s with %i %s', async (email, password, status, code) => {
    const answer = await post(
      createMockPlatform({ members }),
      `${AUTH}/v2/login`,
      credentials(email, password),
    );
    expect(answer.status).toBe(status);
    expect(errorCode(answer.body)).toBe(code);
  });

  it('answers REQUIRE_OWNER_APPROVAL until the owner approves', async () => {
    const platform = createMockPlatform({ members });
    expect(
      (await post(platform, `${AUTH}/v2/login`, credentials('pending@example.com'))).body['state'],
    ).toBe('REQUIRE_OWNER_APPROVAL');
    platform.state.approveMember('pending@example.com');
    expect(
      (await post(platform, `${AUTH}/v2/login`, credentials('pending@example.com'))).body['state'],
    ).toBe('SUCCESS');
  });

  it('answers REQUIRE_EMAIL_VERIFICATION for an unverified member while the site requires it', async () => {
    const platform = createMockPlatform({ members, site: { requireEmailVerification: true } });
    const { body } = await post(
      platform,
      `${AUTH}/v2/login`,
      credentials('unverified@example.com'),
    );
    expect(body).toMatchObject({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: expect.any(String),
    });
    platform.state.settings.requireEmailVerification = false;
    expect(
      (await post(platform, `${AUTH}/v2/login`, credentials('unverified@example.com'))).body[
        'state'
      ],
    ).toBe('SUCCESS');
  });
});

describe('MFA', () => {
  test.each(['sms', 'call', 'email'] as const)(
    'a %s factor answers REQUIRE_MFA, then SUCCESS with the outbox code',
    async (factorType) => {
      const platform = createMockPlatform({
        members: [{ email: 'ada@example.com', password: 'secret', mfa: { factorType } }],
      });
      const login = await post(platform, `${AUTH}/v2/login`, credentials());
      expect(login.body).toMatchObject({
        state: 'REQUIRE_MFA',
        stateToken: expect.any(String),
        mfaChallengeData: {
          factorType: factorType.toUpperCase(),
          reason: 'USER_SETTINGS',
          availableFactors: [{ factorType: factorType.toUpperCase(), factorStatus: 'ENABLED' }],
        },
      });
      const code = platform.state.lastEmail({ kind: 'mfa' })?.code;
      const stateToken = login.body['stateToken'];
      const wrong = await post(platform, `${AUTH}/v2/${factorType}/verify`, {
        stateToken,
        rememberThisDevice: false,
        [`${factorType}Data`]: { code: 'nope' },
      });
      expect(errorCode(wrong.body)).toBe('INVALID_CODE');
      const ok = await post(platform, `${AUTH}/v2/${factorType}/verify`, {
        stateToken,
        rememberThisDevice: false,
        [`${factorType}Data`]: { code },
      });
      expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
      const reused = await post(platform, `${AUTH}/v2/${factorType}/verify`, {
        stateToken,
        [`${factorType}Data`]: { code },
      });
      expect(errorCode(reused.body)).toBe('INVALID_STATE_TOKEN');
    },
  );

  it('a totp factor verifies with the member totpCode (default 000000) and sends no e-mail', async () => {
    const platform = createMockPlatform({
      members: [{ email: 'ada@example.com', password: 'secret', mfa: { factorType: 'totp' } }],
    });
    const { body } = await post(platform, `${AUTH}/v2/login`, credentials());
    expect(platform.state.outbox).toEqual([]);
    const other = await post(platform, `${AUTH}/v2/sms/verify`, {
      stateToken: body['stateToken'],
      smsData: { code: '000000' },
    });
    expect(errorCode(other.body)).toBe('INVALID_FACTOR');
    const ok = await post(platform, `${AUTH}/v2/totp/verify`, {
      stateToken: body['stateToken'],
      totpData: { code: '000000' },
    });
    expect(ok.body['state']).toBe('SUCCESS');
  });

  it('answers a validation error without a state token or code', async () => {
    const { status, body } = await post(createMockPlatform(), `${AUTH}/v2/sms/verify`, {});
    expect(status).toBe(400);
    expect(body['message']).toBe(
      'INVALID_ARGUMENT: stateToken: is required, smsData.code: is required',
    );
  });
});

describe('change password', () => {
  it('needs a member token and changes the password', async () => {
    const platform = createMockPlatform({
      members: [{ email: 'ada@example.com', password: 'secret' }],
    });
    const member = platform.state.findMember('ada@example.com')!;
    const visitor = await visitorTokens(platform);
    const memberTokens = platform.state.tokens.issue({
      role: 'member',
      clientId: 'app',
      memberId: member.id,
    });
    expect(
      (await post(platform, `${AUTH}/v2/change-password`, { newPassword: 'n3w' })).status,
    ).toBe(401);
    const asVisitor = await post(
      platform,
      `${AUTH}/v2/change-password`,
      { newPassword: 'n3w' },
      visitor.access_token,
    );
    expect([asVisitor.status, errorCode(asVisitor.body)]).toEqual([403, 'PERMISSION_DENIED']);
    const ok = await post(
      platform,
      `${AUTH}/v2/change-password`,
      { newPassword: 'n3w' },
      memberTokens.access_token,
    );
    expect(ok.status).toBe(200);
    expect(
      (await post(platform, `${AUTH}/v2/login`, credentials('ada@example.com', 'n3w'))).body[
        'state'
      ],
    ).toBe('SUCCESS');
  });

  it('answers 401 for an expired or unknown access token', async () => {
    let now = 1_000_000;
    const platform = createMockPlatform({ now: () => now });
    const visitor = await visitorTokens(platform);
    now += 3600 * 1000;
    expect(platform.state.tokens.describe(visitor.access_token)?.status).toBe('expired');
    for (const token of [visitor.access_token, 'made-up']) {
      const answer = await post(platform, `${REDIRECTS}/v1/redirect-session`, { login: {} }, token);
      expect([answer.status, errorCode(answer.body)]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });
});

describe('sign-on', () => {
  it('creates the member and answers a session token', async () => {
    const platform = createMockPlatform();
    const { body } = await post(platform, `${AUTH}/v2/sign-on`, {
      loginId: { email: 'new@example.com' },
      profile: {},
      verifyEmail: true,
      mergeExistingContact: true,
    });
    expect(body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(platform.state.findMember('new@example.com')).toMatchObject({
      emailVerified: true,
      passwordHash: undefined,
    });
  });

  it('answers an EMAIL violation for a bad login id', async () => {
    expect((await post(createMockPlatform(), `${AUTH}/v2/sign-on`, { loginId: {} })).status).toBe(
      400,
    );
  });
});

describe('logout', () => {
  it('ends the cookie session and redirects to postLogoutRedirectUri', async () => {
    const platform = createMockPlatform();
    const member = platform.state.addMember({ email: 'ada@example.com', password: 'secret' });
    const session = platform.state.createSession(member.id);
    const target = 'http://localhost:5173/bye';
    const response = await platform.fetch(
      `${AUTH}/v1/logout?clientId=app&postLogoutRedirectUri=${encodeURIComponent(target)}`,
      {
        headers: { cookie: `mock_platform_session=${session}` },
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(target);
    expect(platform.state.sessions.has(session)).toBe(false);
  });

  test.each([
    ['?clientId=app', 400],
    ['?postLogoutRedirectUri=http%3A%2F%2Flocalhost%2F', 400],
    ['?clientId=app&postLogoutRedirectUri=http%3A%2F%2Fevil.example%2F', 400],
  ])('rejects %s', async (query, status) => {
    expect((await createMockPlatform().fetch(`${AUTH}/v1/logout${query}`)).status).toBe(status);
  });
});

it('keeps the token endpoint and the services apart in the request log', async () => {
  const platform = createMockPlatform();
  await visitorTokens(platform);
  await post(platform, `${AUTH}/v2/login`, credentials());
  expect(platform.state.requests.map(({ path, status }) => `${path} ${status}`)).toEqual([
    '/oauth2/token 200',
    '/_api/iam/authentication/v2/login 404',
  ]);
  expect(TOKEN_URL).toBe('https://www.wixapis.com/oauth2/token');
});

describe('factor paths with an underscore', () => {
  it('routes /v2/recovery_code/verify and reads recoveryCodeData', async () => {
    const platform = createMockPlatform();
    const missing = await post(platform, `${AUTH}/v2/recovery_code/verify`, {
      stateToken: 'st',
      recoveryCodeData: {},
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('recoveryCodeData.code');
    const unknown = await post(platform, `${AUTH}/v2/recovery_code/verify`, {
      stateToken: 'st',
      recoveryCodeData: { code: '1' },
    });
    expect(errorCode(unknown.body)).toBe('INVALID_STATE_TOKEN');
  });
});
