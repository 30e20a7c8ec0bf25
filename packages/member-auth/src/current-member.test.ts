import type { Tokens, TokenManager } from '@site-identity/tokens';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, test } from 'vitest';
import { CURRENT_MEMBER_PATH, getCurrentMember } from './current-member';
import type { MemberAuth } from './member-auth';
import { CLIENT_ID, usePlatform } from './test-platform';

const MEMBERS_PATH = '/members/v1/members/my';
const { platform, server, createAuth } = usePlatform({
  members: [
    {
      email: 'ada@example.com',
      password: 'secret',
      profile: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        nickname: 'Countess',
        picture: 'https://static.example/ada.png',
      },
    },
    { email: 'bob@example.com', password: 'pw', profile: { firstName: 'Bob' } },
  ],
});

/** Member tokens for `email`, made the session of `tokens` as a completed login makes them. */
async function signIn(tokens: TokenManager, email: string): Promise<Tokens> {
  const memberId = platform.state.findMember(email)?.id;
  const issued = platform.state.tokens.issue({ role: 'member', clientId: CLIENT_ID, memberId });
  const member: Tokens = {
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + issued.expires_in,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
  await tokens.setTokens(member);
  return member;
}

/** The members API requests the platform answered. */
const memberReads = () => platform.state.requests.filter((entry) => entry.path === MEMBERS_PATH);

/** The HTTP requests MSW saw while `run` ran, as `METHOD url`, with their Authorization. */
async function seen(
  run: () => Promise<unknown>,
): Promise<{ line: string; authorization: string | null }[]> {
  const requests: { line: string; authorization: string | null }[] = [];
  const listener = ({ request }: { request: Request }) =>
    void requests.push({
      line: `${request.method} ${request.url}`,
      authorization: request.headers.get('authorization'),
    });
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return requests;
}

describe('getCurrentMember', () => {
  it('reads the member with the request @wix/members sends (GET /members/v1/members/my?fieldsets=FULL, the raw access token) and answers it typed', async () => {
    const { auth, tokens } = createAuth();
    const member = await signIn(tokens, 'ada@example.com');
    let current: Awaited<ReturnType<typeof getCurrentMember>> = null;
    const requests = await seen(async () => (current = await getCurrentMember(auth)));
    expect(requests).toEqual([
      {
        line: `GET https://www.wixapis.com${CURRENT_MEMBER_PATH}`,
        authorization: member.accessToken.value,
      },
    ]);
    expect(current).toEqual({
      id: platform.state.findMember('ada@example.com')?.id,
      loginEmail: 'ada@example.com',
      status: 'APPROVED',
      contact: { firstName: 'Ada', lastName: 'Lovelace' },
      profile: {
        nickname: 'Countess',
        photo: { url: 'https://static.example/ada.png', width: undefined, height: undefined },
      },
    });
  });

  it('answers null for a visitor, and for no session at all, without any request', async () => {
    const { auth, tokens } = createAuth();
    expect(await getCurrentMember(auth)).toBeNull();
    await tokens.getTokens();
    const before = platform.state.requests.length;
    expect(await getCurrentMember(auth)).toBeNull();
    expect(platform.state.requests.length).toBe(before);
    expect(memberReads()).toEqual([]);
  });

  it('makes one request for 20 concurrent callers, and none for later ones in the same session', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    const members = await Promise.all(Array.from({ length: 20 }, () => getCurrentMember(auth)));
    expect(new Set(members).size).toBe(1);
    expect(members[0]?.contact.firstName).toBe('Ada');
    expect(await getCurrentMember(auth)).toBe(members[0]);
    expect(memberReads()).toHaveLength(1);
  });

  it('keeps the member through a renewal of the tokens (a new refresh token, the same member session)', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    const first = await getCurrentMember(auth);
    await tokens.refresh();
    expect(
      platform.state.requests.filter((entry) => entry.grantType === 'refresh_token'),
    ).toHaveLength(1);
    expect(await getCurrentMember(auth)).toBe(first);
    expect(memberReads()).toHaveLength(1);
  });

  it('forgets the member at sign-out, and reads the next member after the next sign-in', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    expect((await getCurrentMember(auth))?.loginEmail).toBe('ada@example.com');
    await tokens.clear();
    expect(await getCurrentMember(auth)).toBeNull();
    await signIn(tokens, 'bob@example.com');
    expect((await getCurrentMember(auth))?.loginEmail).toBe('bob@example.com');
    expect(memberReads()).toHaveLength(2);
  });

  it('reads the next member when another member signs in without a sign-out between', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    expect((await getCurrentMember(auth))?.contact.firstName).toBe('Ada');
    await signIn(tokens, 'bob@example.com');
    expect((await getCurrentMember(auth))?.contact.firstName).toBe('Bob');
    expect(memberReads()).toHaveLength(2);
  });

  it('reads again when the session expires and another member signs in', async () => {
    const { auth, tokens } = createAuth();
    const ada = await signIn(tokens, 'ada@example.com');
    await getCurrentMember(auth);
    // The platform refuses the member's refresh token: the session expires to a visitor.
    platform.state.tokens.revoke({ token: ada.refreshToken.value });
    platform.state.tokens.expireAccessTokens();
    await tokens.refresh();
    expect(tokens.getSnapshot().status).toBe('visitor');
    expect(await getCurrentMember(auth)).toBeNull();
    await signIn(tokens, 'bob@example.com');
    expect((await getCurrentMember(auth))?.contact.firstName).toBe('Bob');
    expect(memberReads()).toHaveLength(2);
  });

  it('{ refresh: true } reads the member again after a profile change; concurrent refreshes share one request', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    expect((await getCurrentMember(auth))?.profile.nickname).toBe('Countess');
    const ada = platform.state.findMember('ada@example.com');
    if (ada) ada.profile = { ...ada.profile, nickname: 'Ada L.' };
    expect((await getCurrentMember(auth))?.profile.nickname).toBe('Countess');
    const refreshed = await Promise.all([
      getCurrentMember(auth, { refresh: true }),
      getCurrentMember(auth, { refresh: true }),
      getCurrentMember(auth),
    ]);
    expect(refreshed.map((member) => member?.profile.nickname)).toEqual([
      'Ada L.',
      'Ada L.',
      'Ada L.',
    ]);
    expect(await getCurrentMember(auth)).toBe(refreshed[0]);
    expect(memberReads()).toHaveLength(2);
  });

  it("a caller's signal stops its own wait (ABORTED); the shared read goes on for the others", async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    platform.faults.inject({ path: MEMBERS_PATH, kind: 'latency', latencyMs: 50 });
    const controller = new AbortController();
    const mine = getCurrentMember(auth, { signal: controller.signal });
    const theirs = getCurrentMember(auth);
    controller.abort();
    await expect(mine).rejects.toMatchObject({ name: 'PlatformError', code: 'ABORTED' });
    expect((await theirs)?.loginEmail).toBe('ada@example.com');
    expect(memberReads()).toHaveLength(1);
    await expect(getCurrentMember(auth, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'ABORTED',
    });
    expect(memberReads()).toHaveLength(1);
  });

  it('answers a 401 (an access token the platform revoked) with one renewal and one retry', async () => {
    const { auth, tokens } = createAuth();
    const ada = await signIn(tokens, 'ada@example.com');
    platform.state.tokens.revoke({ token: ada.accessToken.value });
    expect((await getCurrentMember(auth))?.loginEmail).toBe('ada@example.com');
    expect(memberReads().map((entry) => entry.status)).toEqual([401, 200]);
    expect(
      platform.state.requests.filter((entry) => entry.grantType === 'refresh_token'),
    ).toHaveLength(1);
  });

  it('rejects a second 401 with REQUEST_FAILED, and keeps nothing: the next call reads again', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    platform.faults.inject({ path: MEMBERS_PATH, kind: 'status', status: 401, times: 2 });
    await expect(getCurrentMember(auth)).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'REQUEST_FAILED',
    });
    expect((await getCurrentMember(auth))?.loginEmail).toBe('ada@example.com');
    expect(memberReads().map((entry) => entry.status)).toEqual([401, 401, 200]);
  });

  it('rejects a network failure with NETWORK_ERROR and a 503 with SERVER_ERROR, the member still logged in', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    platform.faults.inject({ path: MEMBERS_PATH, kind: 'network' });
    await expect(getCurrentMember(auth)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    platform.faults.inject({ path: MEMBERS_PATH, kind: 'status', status: 503 });
    await expect(getCurrentMember(auth)).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    expect(tokens.isLoggedIn()).toBe(true);
  });

  it('rejects an answer without a member id with SERVER_ERROR naming the request', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    server.use(
      http.get(`https://www.wixapis.com${MEMBERS_PATH}`, () => HttpResponse.json({ member: {} })),
    );
    await expect(getCurrentMember(auth)).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'SERVER_ERROR',
      message: `The members API answered GET https://www.wixapis.com${CURRENT_MEMBER_PATH} without a member id`,
    });
  });

  it('caps the text of the answer and names an unknown status UNKNOWN', async () => {
    const { auth, tokens } = createAuth();
    await signIn(tokens, 'ada@example.com');
    server.use(
      http.get(`https://www.wixapis.com${MEMBERS_PATH}`, () =>
        HttpResponse.json({
          member: { id: 'm-1', status: 'SOMETHING', profile: { nickname: 'n'.repeat(5000) } },
        }),
      ),
    );
    const member = await getCurrentMember(auth);
    expect(member?.status).toBe('UNKNOWN');
    expect(member?.profile.nickname).toHaveLength(1024);
    expect(member?.contact).toEqual({ firstName: undefined, lastName: undefined });
  });

  test.each([
    [
      'a memberAuth not made by createMemberAuth',
      {},
      undefined,
      /^memberAuth must be a member client/,
    ],
    [
      'options that are not an object',
      undefined,
      'refresh',
      /^options must be an object; got a string$/,
    ],
    [
      'refresh that is not a boolean',
      undefined,
      { refresh: 'yes' },
      /^refresh must be a boolean; got "yes"$/,
    ],
    [
      'a signal that is not an AbortSignal',
      undefined,
      { signal: {} },
      /^signal must be an AbortSignal; got an object$/,
    ],
  ])(
    'refuses %s with INVALID_ARGUMENT, before any request',
    async (_case, client, options, message) => {
      const { auth, tokens } = createAuth();
      await signIn(tokens, 'ada@example.com');
      const error: unknown = await getCurrentMember(
        (client ?? auth) as MemberAuth,
        options as never,
      ).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ name: 'MemberAuthError', code: 'INVALID_ARGUMENT' });
      expect((error as Error).message).toMatch(message);
      expect(memberReads()).toEqual([]);
    },
  );
});
