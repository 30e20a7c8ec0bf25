// @vitest-environment happy-dom
// No token value in an error message or a log line. Every test of this suite is
// scanned after it runs (src/setup.ts): every error it collected and every console
// line, against every token the platform issued (read from its answers), every
// session, state and recovery token, code and code verifier. This file checks the
// scan itself, and drives the calls whose errors are most likely to carry a token.
import { createHttpClient, DEFAULT_API_BASE_URL } from '@site-identity/http';
import { createTokenEndpoint, type Tokens } from '@site-identity/tokens';
import { describe, expect, test } from 'vitest';
import { CLIENT_ID, MEMBER, isTypedError, settle, usePlatform } from './harness';
import { collectedErrors, findLeaks, harvested, knownSecrets, leaksIn } from './leak-watch';

const { platform, createWorld, issueTokens, memberIdOf, hostedLogin } = usePlatform();

describe('the leak scan', () => {
  test.each([
    ['finds a secret inside a message', 'Failed for SECRET-0123456789abcdef, sorry', 1],
    ['finds it at the end of a line', 'token=SECRET-0123456789abcdef', 1],
    ['finds nothing when the secret is absent', 'Failed to fetch tokens from OAuth API: 503', 0],
  ])('%s', (_name, text, count) => {
    const leaks = leaksIn(
      [{ text, where: 'error message' }],
      new Map([['SECRET-0123456789abcdef', 'access token']]),
    );
    expect(leaks).toHaveLength(count);
    for (const leak of leaks) expect(leak.where).not.toContain('SECRET-0123456789abcdef');
  });

  test('knows every token the platform issued during a whole session', async () => {
    const world = createWorld();
    await world.tokens.getTokens();
    await world.redirects.completeLogin(await hostedLogin(world));
    platform.state.tokens.expireAccessTokens();
    await world.tokens.setTokens({
      ...world.tokens.getSnapshot().tokens!,
      accessToken: { value: 'expired', expiresAt: 0 },
    });
    await world.tokens.getTokens();
    await harvested();

    const issued = [...knownSecrets().keys()].filter(
      (secret) => platform.state.tokens.describe(secret) !== undefined,
    );
    expect(platform.state.tokens.size).toBeGreaterThanOrEqual(6);
    expect(issued).toHaveLength(platform.state.tokens.size);
  });
});

describe('errors raised while tokens are in play carry none of them', () => {
  const endpoint = () => createTokenEndpoint({ clientId: CLIENT_ID });

  const CASES: [string, () => Promise<unknown>][] = [
    [
      'a refresh token the platform revoked (invalid_grant)',
      async () => {
        const member = issueTokens('member');
        platform.state.tokens.revoke({ token: member.refreshToken.value });
        return endpoint().refresh(member.refreshToken);
      },
    ],
    [
      'a refresh token already spent by rotation',
      async () => {
        const member = issueTokens('member');
        await endpoint().refresh(member.refreshToken);
        return endpoint().refresh(member.refreshToken);
      },
    ],
    [
      'authorized_client with an access token the platform does not know',
      async () =>
        endpoint().authorizedClient({
          memberId: memberIdOf(MEMBER.email),
          accessToken: `${issueTokens('visitor').accessToken.value}x`,
          secondToken: 'second-token-of-the-app',
        }),
    ],
    [
      'authorized_client with a header-unsafe token',
      async () =>
        endpoint().authorizedClient({
          memberId: 'm',
          accessToken: `${issueTokens('visitor').accessToken.value}\n`,
          secondToken: 'second-token-of-the-app',
        }),
    ],
    [
      'changePassword with a revoked member access token',
      async () => {
        const world = createWorld();
        const member = issueTokens('member');
        await world.tokens.setTokens(member);
        platform.state.tokens.revoke({ token: member.accessToken.value });
        return world.auth.changePassword('a new password for me');
      },
    ],
    [
      'setTokens with a token set that is not one',
      async () => {
        const world = createWorld();
        const visitor = issueTokens('visitor');
        return world.tokens.setTokens({
          ...visitor,
          refreshToken: { value: visitor.refreshToken.value, role: 'owner' },
        } as unknown as Tokens);
      },
    ],
    [
      'an HTTP client whose authorization is header-unsafe',
      async () => {
        const value = `${issueTokens('visitor').accessToken.value}\r\nx-injected: 1`;
        return createHttpClient({
          baseUrl: `${DEFAULT_API_BASE_URL}/_api/iam/authentication`,
          getAuthorization: () => value,
        }).post('/v2/login', {});
      },
    ],
    [
      'a member call authorised with an expired visitor token the platform refuses',
      async () => {
        const world = createWorld();
        const visitor = issueTokens('visitor');
        await world.tokens.setTokens(visitor);
        platform.state.tokens.expireAccessTokens();
        return world.auth.sendPasswordResetEmail(MEMBER.email, {
          redirectUri: 'https://shop.example/reset',
        });
      },
    ],
    [
      'a code exchange with a code the platform issued for another verifier',
      async () => {
        const world = createWorld();
        const callbackUrl = await hostedLogin(world);
        const code = new URLSearchParams(new URL(callbackUrl).hash.slice(1)).get('code') ?? '';
        return endpoint().exchangeCode({
          code,
          codeVerifier: 'x'.repeat(43),
          redirectUri: 'http://localhost:3000/callback',
        });
      },
    ],
  ];

  test.each(CASES)('%s: a typed error whose message holds no token', async (_name, act) => {
    const outcome = await settle(act);

    expect(outcome.ok).toBe(false);
    const error = outcome.ok ? undefined : outcome.error;
    expect(isTypedError(error), String(error)).toBe(true);
    await harvested();
    expect(findLeaks()).toEqual([]);
  });

  test('no error this file collected holds a secret', async () => {
    await harvested();
    expect(collectedErrors().length).toBeGreaterThanOrEqual(CASES.length);
    expect(findLeaks()).toEqual([]);
  });
});
