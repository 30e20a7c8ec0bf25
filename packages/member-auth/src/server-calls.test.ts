import { describe, expect, test } from 'vitest';
import { CLIENT_ID, usePlatform } from './test-platform';
import { getMemberTokensForExternalLogin } from './external-login';

const { platform, createAuth } = usePlatform();

describe('signOn (server only)', () => {
  test('signs a new member on and answers the session token and identity', async () => {
    const { auth } = createAuth();
    const result = await auth.signOn({
      email: 'grace@example.com',
      profile: { firstName: 'Grace' },
    });
    expect(result.sessionToken).toEqual(expect.any(String));
    expect(result.identity?.identityProfile?.firstName).toBe('Grace');
    expect(platform.state.sessions.has(result.sessionToken)).toBe(true);
  });

  test('a malformed e-mail is rejected without a request', async () => {
    const { auth } = createAuth();
    await expect(auth.signOn({ email: 'grace' })).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'INVALID_EMAIL',
    });
    expect(platform.state.requests).toHaveLength(0);
  });

  test('an answer without a session token is a SERVER_ERROR', async () => {
    platform.faults.inject({ path: '/_api/iam/authentication/v2/sign-on', kind: 'wrong-shape' });
    const { auth } = createAuth();
    await expect(auth.signOn({ email: 'grace@example.com' })).rejects.toMatchObject({
      code: 'SERVER_ERROR',
    });
  });
});

describe('getMemberTokensForExternalLogin (server only)', () => {
  test('the authorized_client grant answers member tokens, which are not stored', async () => {
    const member = platform.state.addMember({ email: 'grace@example.com', password: 'x' });
    const { auth, tokens } = createAuth();
    const memberTokens = await getMemberTokensForExternalLogin(auth, member.id, 'second-token');
    expect(memberTokens.refreshToken.role).toBe('member');
    expect(platform.state.tokens.describe(memberTokens.accessToken.value)).toMatchObject({
      memberId: member.id,
      clientId: CLIENT_ID,
    });
    expect(tokens.isLoggedIn()).toBe(false);
    expect(platform.state.requests.map((entry) => entry.grantType).filter(Boolean)).toEqual([
      'anonymous',
      'authorized_client',
    ]);
  });

  test.each([
    ['', 'second'],
    ['member', ''],
  ])(
    'member id %j and second token %j are rejected without a request',
    async (memberId, secondToken) => {
      const { auth } = createAuth();
      await expect(
        getMemberTokensForExternalLogin(auth, memberId, secondToken),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      expect(platform.state.requests).toHaveLength(0);
    },
  );

  test('a token endpoint that cannot be reached rejects with NETWORK_ERROR', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'network', times: Infinity });
    const { auth } = createAuth();
    await expect(getMemberTokensForExternalLogin(auth, 'member', 'second')).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'NETWORK_ERROR',
    });
  });
});
