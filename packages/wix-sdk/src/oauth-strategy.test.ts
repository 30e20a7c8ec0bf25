import { createClient, type IOAuthStrategy, type Tokens as IncumbentTokens } from '@wix/sdk';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { LoginState, TokenRole, type Tokens } from './incumbent-types';
import { OAuthStrategy } from './oauth-strategy';
import type { OAuthStrategyClient } from './oauth-strategy-types';
import {
  CLIENT_ID,
  grants,
  issuedTokens,
  MEMBER,
  submitHostedLogin,
  usePlatform,
} from './test-platform';
import { EMPTY_TOKENS } from './token-storage-adapter';

const { platform } = usePlatform();
const REDIRECT_URI = 'https://shop.example/callback';

/** The drop-in as the platform's docs create it. */
const strategy = (config: Partial<Parameters<typeof OAuthStrategy>[0]> = {}) =>
  OAuthStrategy({ clientId: CLIENT_ID, ...config });

describe('OAuthStrategy: the same type as @wix/sdk’s', () => {
  test('assignable to IOAuthStrategy and accepted by createClient', () => {
    expectTypeOf<OAuthStrategyClient>().toExtend<IOAuthStrategy>();
    expectTypeOf<IncumbentTokens>().toExtend<Tokens>();
    expectTypeOf<Tokens>().toExtend<IncumbentTokens>();
    const auth: IOAuthStrategy = strategy();
    const client = createClient({ modules: {}, auth });
    expect(client.auth.shouldUseCDN).toBe(true);
    expect(client.auth.captchaInvisibleSiteKey).toBe('6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v');
    expect(client.auth.captchaVisibleSiteKey).toBe('6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy');
  });
});

describe('OAuthStrategy: tokens', () => {
  test('no session: the empty set, not logged in, no request', () => {
    const auth = strategy();
    expect(auth.getTokens()).toEqual(EMPTY_TOKENS);
    expect(auth.loggedIn()).toBe(false);
    expect(auth.getActiveToken()).toBeUndefined();
    expect(platform.state.requests).toHaveLength(0);
  });

  test('generateVisitorTokens → setTokens, as the docs write it', async () => {
    const auth = strategy();
    const tokens = await auth.generateVisitorTokens();
    auth.setTokens(tokens);
    expect(auth.getTokens()).toEqual(tokens);
    expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(auth.loggedIn()).toBe(false);
    expect(grants(platform, 'anonymous')).toBe(1);
  });

  test('setTokens shows at once in getTokens, loggedIn and getActiveToken', () => {
    const auth = strategy();
    const member = issuedTokens(platform, 'member');
    auth.setTokens(member);
    expect(auth.getTokens()).toEqual(member);
    expect(auth.loggedIn()).toBe(true);
    expect(auth.getActiveToken()).toBe(member.accessToken.value);
  });

  test('config.tokens is the session from the start', async () => {
    const member = issuedTokens(platform, 'member');
    const auth = strategy({ tokens: member });
    expect(auth.loggedIn()).toBe(true);
    expect(await auth.getAuthHeaders()).toEqual({
      headers: { Authorization: member.accessToken.value },
    });
    expect(platform.state.requests).toHaveLength(0);
  });

  test('1,000 concurrent getAuthHeaders with an expired token: one request, still a member', async () => {
    const auth = strategy({ tokens: issuedTokens(platform, 'member', -5) });
    const answers = await Promise.all(Array.from({ length: 1000 }, () => auth.getAuthHeaders()));
    expect(platform.state.requests).toHaveLength(1);
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(auth.loggedIn()).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.Authorization))).toEqual(
      new Set([auth.getTokens().accessToken.value]),
    );
  });

  test('a transient failure keeps the member (the incumbent falls back to a visitor)', async () => {
    const expired = issuedTokens(platform, 'member', -5);
    const auth = strategy({ tokens: expired });
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    await expect(auth.getAuthHeaders()).rejects.toMatchObject({ retryable: true });
    expect(auth.loggedIn()).toBe(true);
    expect(auth.getTokens().refreshToken).toEqual(expired.refreshToken);
    expect(grants(platform, 'anonymous')).toBe(0);
  });

  test('a refused refresh token falls back to visitor tokens', async () => {
    const expired = issuedTokens(platform, 'member', -5);
    platform.state.tokens.revoke({ token: expired.refreshToken.value });
    const auth = strategy({ tokens: expired });
    await auth.getAuthHeaders();
    expect(auth.getTokens().refreshToken.role).toBe('visitor');
    expect(auth.loggedIn()).toBe(false);
  });

  test('renewToken keeps the rotated refresh token (the incumbent kept the spent one)', async () => {
    const member = issuedTokens(platform, 'member');
    const auth = strategy({ tokens: member });
    const renewed = await auth.renewToken(member.refreshToken);
    expect(renewed.refreshToken.value).not.toBe(member.refreshToken.value);
    expect(auth.getTokens()).toEqual(renewed);
    // The next renewal presents the new refresh token, which the platform accepts.
    const again = await auth.renewToken(auth.getTokens().refreshToken);
    expect(again.refreshToken.role).toBe('member');
    expect(platform.state.refreshTokenReuses).toBe(0);
  });

  test('generateVisitorTokens(tokens) returns valid tokens as they are, renews expired ones', async () => {
    const auth = strategy();
    const valid = issuedTokens(platform, 'member');
    expect(await auth.generateVisitorTokens(valid)).toEqual(valid);
    const expired = issuedTokens(platform, 'member', -5);
    const renewed = await auth.generateVisitorTokens(expired);
    expect(renewed.refreshToken.role).toBe('member');
    expect(renewed.accessToken.value).not.toBe(expired.accessToken.value);
    // Not the session: the incumbent leaves that to setTokens.
    expect(auth.getTokens()).toEqual(EMPTY_TOKENS);
  });

  test('tokenStorage: the app’s storage holds the session and its renewals', async () => {
    let stored: IncumbentTokens = issuedTokens(platform, 'member', -5);
    const auth = strategy({
      tokenStorage: { getTokens: () => stored, setTokens: (tokens) => void (stored = tokens) },
    });
    const { headers } = await auth.getAuthHeaders();
    expect(stored.accessToken.value).toBe(headers.Authorization);
    expect(stored.refreshToken.role).toBe('member');
    // A sign-out stores the empty set, as @wix/sdk's logout does.
    await auth.logout('https://shop.example/');
    expect(stored).toEqual(EMPTY_TOKENS);
    expect(auth.loggedIn()).toBe(false);
  });

  test('tokenRequestOptions.headers travel with every token request', async () => {
    const seen: (string | null)[] = [];
    const auth = strategy({
      tokenRequestOptions: { headers: { 'client-binding': 'binding-1' } },
      fetch: (request) => {
        seen.push(request.headers.get('client-binding'));
        return fetch(request);
      },
    });
    await auth.getAuthHeaders();
    expect(seen).toEqual(['binding-1']);
  });
});

describe('OAuthStrategy: member flows', () => {
  test('login: SUCCESS with a session token, nothing signed in yet', async () => {
    const auth = strategy();
    const result = await auth.login(MEMBER);
    expect(result).toEqual({
      loginState: LoginState.SUCCESS,
      data: { sessionToken: expect.any(String) },
    });
    expect(auth.loggedIn()).toBe(false);
  });

  test.each([
    ['a wrong password', { ...MEMBER, password: 'wrong' }, 'invalidPassword'],
    ['an unknown e-mail', { ...MEMBER, email: 'nobody@example.com' }, 'invalidEmail'],
  ])('login with %s: FAILURE with the catalogue’s errorCode', async (_, params, errorCode) => {
    const result = await strategy().login(params);
    expect(result).toMatchObject({
      loginState: LoginState.FAILURE,
      errorCode,
      error: expect.any(String),
    });
  });

  test('login on a network failure resolves FAILURE with the typed cause (the incumbent threw a TypeError)', async () => {
    platform.faults.inject({ path: '/_api/iam/authentication', kind: 'network' });
    const result = await strategy().login(MEMBER);
    expect(result).toMatchObject({
      loginState: LoginState.FAILURE,
      cause: { code: 'NETWORK_ERROR' },
    });
    expect(result).not.toHaveProperty('errorCode');
  });

  test('register: emailAlreadyExists for a taken e-mail; a new member → SUCCESS', async () => {
    const auth = strategy();
    expect(await auth.register(MEMBER)).toMatchObject({
      loginState: LoginState.FAILURE,
      errorCode: 'emailAlreadyExists',
    });
    expect(
      await auth.register({ email: 'grace@example.com', password: 'another long one' }),
    ).toMatchObject({
      loginState: expect.stringMatching(/SUCCESS|EMAIL_VERIFICATION_REQUIRED/),
    });
  });

  test('processVerification without a pending verification: FAILURE, Unknown state', async () => {
    expect(await strategy().processVerification({ verificationCode: '123456' })).toEqual({
      loginState: LoginState.FAILURE,
      error: 'Unknown state',
    });
  });

  test('hosted login: generateOAuthData → getAuthUrl → parseFromUrl → getMemberTokens; logout', async () => {
    const auth = strategy();
    const oauthData = auth.generateOAuthData(REDIRECT_URI, '/account');
    expect(oauthData).toMatchObject({ redirectUri: REDIRECT_URI, originalUri: '/account' });
    expect(oauthData.codeVerifier).toMatch(/^[\w.~-]{43}$/);
    const { authUrl } = await auth.getAuthUrl(oauthData);
    const returned = await submitHostedLogin(platform, authUrl);
    const { code, state, error } = auth.parseFromUrl(returned);
    expect(error).toBeUndefined();
    const tokens = await auth.getMemberTokens(code, state, oauthData);
    expect(tokens.refreshToken.role).toBe(TokenRole.MEMBER);
    expect(auth.loggedIn()).toBe(true);
    auth.setTokens(tokens);
    const { logoutUrl } = await auth.logout('https://shop.example/');
    expect(logoutUrl).toMatch(/^https?:\/\//);
    expect(auth.getTokens()).toEqual(EMPTY_TOKENS);
    expect(auth.loggedIn()).toBe(false);
  });

  test('getMemberTokens checks the callback against the flow', async () => {
    const auth = strategy();
    const oauthData = auth.generateOAuthData(REDIRECT_URI);
    await expect(auth.getMemberTokens('', oauthData.state, oauthData)).rejects.toMatchObject({
      code: 'MISSING_CODE_OR_STATE',
    });
    await expect(auth.getMemberTokens('code', 'another', oauthData)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    expect(platform.state.requests).toHaveLength(0);
  });

  test('parseFromUrl reads the fragment (default) or the query, and errors', () => {
    const auth = strategy();
    expect(auth.parseFromUrl('https://shop.example/cb#code=c1&state=s1')).toEqual({
      code: 'c1',
      state: 's1',
    });
    expect(auth.parseFromUrl('https://shop.example/cb?code=c2&state=s2', 'query')).toEqual({
      code: 'c2',
      state: 's2',
    });
    expect(
      auth.parseFromUrl(
        'https://shop.example/cb#error=access_denied&error_description=No&state=s3',
      ),
    ).toEqual({ code: null, state: 's3', error: 'access_denied', errorDescription: 'No' });
  });
});

describe('OAuthStrategy refuses a bad config with a typed error', () => {
  const secret = 'OauthNG.JWS.secret';
  test.each([
    ['no config', undefined, /^config must be an object/],
    ['no clientId', {}, /^config\.clientId must be a non-empty string/],
    [
      'tokens and tokenStorage',
      { clientId: 'a', tokens: EMPTY_TOKENS, tokenStorage: {} },
      /not both/,
    ],
    [
      'tokenStorage of the wrong shape',
      { clientId: 'a', tokenStorage: { getTokens: 1 } },
      /^config\.tokenStorage/,
    ],
    [
      'tokens of the wrong shape',
      { clientId: 'a', tokens: { accessToken: secret } },
      /^config\.tokens/,
    ],
  ])('%s', (_, config, message) => {
    let caught: unknown;
    try {
      OAuthStrategy(config as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      name: 'WixSdkError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(message),
    });
    expect((caught as Error).message).not.toContain(secret);
  });

  test('setTokens refuses what is not a token set, naming it without its content', () => {
    expect(() => strategy().setTokens({ accessToken: 'OauthNG.JWS.secret' } as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.not.stringContaining('secret'),
      }),
    );
  });
});
