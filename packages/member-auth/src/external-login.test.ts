import { describe, expect, test } from 'vitest';
import { usePlatform } from './test-platform';
import {
  getMemberTokensForExternalLogin,
  getMemberTokensForExternalLoginWithSession,
} from './external-login';

const { platform, server, createAuth } = usePlatform();

describe('getMemberTokensForExternalLoginWithSession', () => {
  test('signs on with "<accessToken>,<apiKey>", then grants authorized_client with member_id and session_token', async () => {
    const { auth, tokens } = createAuth();
    const sent: { path: string; authorization: string | null; body: unknown }[] = [];
    const listener = async ({ request }: { request: Request }) => {
      const body = await request.clone().text();
      sent.push({
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        body: body ? JSON.parse(body) : undefined,
      });
    };
    server.events.on('request:start', listener);
    const member = await getMemberTokensForExternalLoginWithSession(auth, {
      email: 'grace@example.com',
      apiKey: 'app-api-key',
      profile: { firstName: 'Grace' },
      mergeExistingContact: true,
    });
    server.events.removeListener('request:start', listener);

    const visitorToken = (await tokens.getTokens()).accessToken.value;
    const created = platform.state.findMember('grace@example.com');
    expect(created).toBeDefined();
    expect(member.refreshToken.role).toBe('member');
    expect(platform.state.tokens.describe(member.accessToken.value)?.memberId).toBe(created!.id);
    expect(tokens.isLoggedIn()).toBe(false);

    const signOn = sent.find((entry) => entry.path.endsWith('/v2/sign-on'))!;
    expect(signOn.authorization).toBe(`${visitorToken},app-api-key`);
    expect(signOn.body).toEqual({
      loginId: { email: 'grace@example.com' },
      profile: { firstName: 'Grace' },
      verifyEmail: false,
      mergeExistingContact: true,
    });
    const grant = sent.at(-1)!;
    expect(grant.authorization).toBe(`${visitorToken},app-api-key`);
    expect(grant.body).toMatchObject({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: created!.id,
      session_token: expect.stringMatching(/\S/),
    });
    const sessionToken = (grant.body as { session_token: string }).session_token;
    expect(platform.state.sessions.get(sessionToken)?.memberId).toBe(created!.id);
  });

  test.each([
    [{ email: 'nope', apiKey: 'k' }, 'INVALID_EMAIL', 'email must be an e-mail address'],
    [
      { email: 'ada@example.com', apiKey: '' },
      'INVALID_ARGUMENT',
      'apiKey must be a non-empty string',
    ],
    [
      { email: 'ada@example.com', apiKey: 'a,b' },
      'INVALID_ARGUMENT',
      'apiKey must be a non-empty string',
    ],
  ])('bad input %j rejects with %s before any request', async (params, code, message) => {
    const { auth } = createAuth();
    const failure = getMemberTokensForExternalLoginWithSession(auth, params);
    await expect(failure).rejects.toMatchObject({ name: 'MemberAuthError', code });
    await expect(failure).rejects.toThrow(message);
    expect(platform.state.requests).toHaveLength(0);
  });

  test('a platform refusal rejects with a MemberAuthError that never shows the key', async () => {
    const { auth } = createAuth();
    platform.faults.inject({
      path: '/_api/iam/authentication/v2/sign-on',
      kind: 'status',
      status: 503,
    });
    const error = await getMemberTokensForExternalLoginWithSession(auth, {
      email: 'ada@example.com',
      apiKey: 'secret-key',
    }).catch((reason: unknown) => reason as Error);
    expect(error).toMatchObject({ name: 'MemberAuthError', code: 'SERVER_ERROR' });
    expect((error as Error).message).not.toContain('secret-key');
  });
});

describe('the client they extend', () => {
  test.each([
    ['nothing', undefined],
    ['an object of the same shape', { signOn: () => undefined }],
    ['a string', 'auth'],
  ])('%s instead of a member client is INVALID_ARGUMENT, before any request', async (_, given) => {
    const expected = {
      name: 'MemberAuthError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(
        /^memberAuth must be a member client made by createMemberAuth of @site-identity\/member-auth; got /,
      ),
    };
    await expect(
      getMemberTokensForExternalLogin(given as never, 'member', 'second'),
    ).rejects.toMatchObject(expected);
    await expect(
      getMemberTokensForExternalLoginWithSession(given as never, {
        email: 'ada@example.com',
        apiKey: 'key',
      }),
    ).rejects.toMatchObject(expected);
    expect(platform.state.requests).toHaveLength(0);
  });

  test('the member client does not show what it lends them among its own keys', () => {
    const { auth } = createAuth();
    expect(Object.keys(auth)).not.toContain('getMemberTokensForExternalLogin');
    expect(Reflect.ownKeys(auth).filter((key) => typeof key === 'symbol')).toHaveLength(1);
    expect(JSON.stringify(Object.keys(auth))).not.toMatch(/internals/);
  });
});
