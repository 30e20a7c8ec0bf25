import { createClient, type AuthenticationStrategy } from '@wix/sdk';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { createAuthStrategy, type SessionAuthStrategy } from './auth-strategy';
import { createRenewingFetch } from './renewing-fetch';
import { grants, issuedTokens, usePlatform, WHOAMI_URL } from './test-platform';
import { isWixSdkError } from './wix-sdk-error';

const { platform, whoamiCalls, createManager } = usePlatform();

describe('createAuthStrategy', () => {
  test('its result is an AuthenticationStrategy of @wix/sdk, and createClient takes it', () => {
    expectTypeOf<SessionAuthStrategy>().toExtend<AuthenticationStrategy>();
    const auth: AuthenticationStrategy = createAuthStrategy(createManager());
    expect(createClient({ modules: {}, auth }).auth.shouldUseCDN).toBe(true);
  });

  test('gives the raw access token as Authorization, no Bearer, fetched once for 20 callers', async () => {
    const tokens = createManager();
    const strategy = createAuthStrategy(tokens);
    expect(strategy.getActiveToken()).toBeUndefined();
    const answers = await Promise.all(Array.from({ length: 20 }, () => strategy.getAuthHeaders()));
    const value = tokens.getSnapshot().tokens?.accessToken.value;
    expect(value).toMatch(/\S/);
    expect(answers.every((answer) => answer.headers.Authorization === value)).toBe(true);
    expect(value).not.toMatch(/^Bearer /i);
    expect(grants(platform, 'anonymous')).toBe(1);
    expect(strategy.getActiveToken()).toBe(value);
  });

  test('shouldUseCDN follows the manager (true), and options.useCDN overrides it', () => {
    const tokens = createManager();
    expect(tokens.servedThroughCdn).toBe(true);
    expect(createAuthStrategy(tokens).shouldUseCDN).toBe(true);
    expect(createAuthStrategy(tokens, { useCDN: false }).shouldUseCDN).toBe(false);
  });

  test('createClient: 20 concurrent calls after expiry share one renewal, each sends the new token', async () => {
    const tokens = createManager();
    const expired = issuedTokens(platform, 'member', -10);
    await tokens.setTokens(expired);
    const client = createClient({ modules: {}, auth: createAuthStrategy(tokens) });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => client.fetchWithAuth(WHOAMI_URL)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(grants(platform, 'refresh_token')).toBe(1);
    const renewed = tokens.getSnapshot().tokens!;
    expect(renewed.accessToken.value).not.toBe(expired.accessToken.value);
    expect(renewed.refreshToken.role).toBe('member');
    expect(new Set(whoamiCalls)).toEqual(new Set([renewed.accessToken.value]));
  });

  test('createClient: a failing renewal keeps the member and rejects the call', async () => {
    const tokens = createManager();
    const expired = issuedTokens(platform, 'member', -10);
    await tokens.setTokens(expired);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const client = createClient({ modules: {}, auth: createAuthStrategy(tokens) });
    await expect(client.fetchWithAuth(WHOAMI_URL)).rejects.toMatchObject({ retryable: true });
    expect(tokens.getSnapshot().tokens?.refreshToken).toEqual(expired.refreshToken);
    expect(tokens.isLoggedIn()).toBe(true);
  });

  test('createClient with the renewing fetch: a revoked access token is renewed once and the call retried', async () => {
    const tokens = createManager();
    const held = issuedTokens(platform, 'member');
    await tokens.setTokens(held);
    platform.state.tokens.revoke({ token: held.accessToken.value });
    const client = createClient({
      modules: {},
      auth: createAuthStrategy(tokens),
      fetch: createRenewingFetch(tokens),
    });
    const response = await client.fetchWithAuth(WHOAMI_URL);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ role: 'member' });
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(whoamiCalls).toEqual([
      held.accessToken.value,
      tokens.getSnapshot().tokens!.accessToken.value,
    ]);
  });
});

describe('createAuthStrategy refuses what is not a token manager', () => {
  const secret = 'OauthNG.JWS.secret-token-value';
  test.each([
    ['undefined', undefined],
    ['null', null],
    ['a token string', secret],
    [
      'a token set',
      {
        accessToken: { value: secret, expiresAt: 1 },
        refreshToken: { value: secret, role: 'member' },
      },
    ],
    ['an array', []],
    ['a manager missing refresh', { getAccessToken() {}, getSnapshot() {}, subscribe() {} }],
    ['a number', 42],
  ])('%s', (_, value) => {
    let caught: unknown;
    try {
      createAuthStrategy(value as never);
    } catch (error) {
      caught = error;
    }
    expect(isWixSdkError(caught) && caught.code).toBe('INVALID_ARGUMENT');
    expect((caught as Error).message).toMatch(/^tokens must be a token manager/);
    expect((caught as Error).message).not.toContain(secret);
  });

  test.each([
    ['a string', 'yes'],
    ['useCDN not a boolean', { useCDN: 'yes' }],
  ])('options: %s', (_, options) => {
    expect(() => createAuthStrategy(createManager(), options as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/^options/),
      }),
    );
  });
});
