import { createClient } from '@wix/sdk';
import { members } from '@wix/members';
import { describe, expect, it } from 'vitest';
import { createMockPlatform } from '../platform';
import { API, errorCode, serveThroughMsw } from '../test-platform';

const platform = createMockPlatform({
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
    { email: 'bob@example.com', password: 'pw', ownerApproved: false },
  ],
});
serveThroughMsw(platform);

/** A member's (or a visitor's) access token, minted by the platform as its token endpoint would. */
function tokenOf(email?: string): string {
  const memberId = email === undefined ? undefined : platform.state.findMember(email)?.id;
  return platform.state.tokens.issue({
    role: memberId === undefined ? 'visitor' : 'member',
    clientId: 'app',
    memberId,
  }).access_token;
}

/** `@wix/sdk`'s client with the members module, authenticated by a strategy that returns `token`. */
function clientWith(token: () => string, options: { shouldUseCDN?: boolean } = {}) {
  return createClient({
    modules: { members },
    auth: {
      getAuthHeaders: async () => ({ headers: { Authorization: token() } }),
      ...options,
    },
  });
}

/** What a call rejected with, as `@wix/sdk` shapes it. */
async function failure(call: Promise<unknown>): Promise<{ status: unknown; code: unknown }> {
  const error = (await call.then(
    () => undefined,
    (reason: unknown) => reason,
  )) as { response?: { status?: number; data?: Record<string, unknown> } } | undefined;
  return {
    status: error?.response?.status,
    code: errorCode(error?.response?.data ?? {}),
  };
}

describe('the members API, called by @wix/members through @wix/sdk', () => {
  it('getCurrentMember() with the FULL fieldset answers the member of the token: names, nickname, photo, e-mail, status', async () => {
    const ada = platform.state.findMember('ada@example.com');
    const token = tokenOf('ada@example.com');
    const { member } = await clientWith(() => token).members.getCurrentMember({
      fieldsets: ['FULL'],
    });
    expect(member).toMatchObject({
      _id: ada?.id,
      loginEmail: 'ada@example.com',
      loginEmailVerified: true,
      status: 'APPROVED',
      contact: { firstName: 'Ada', lastName: 'Lovelace', emails: ['ada@example.com'] },
      profile: {
        nickname: 'Countess',
        slug: 'countess',
        photo: { url: 'https://static.example/ada.png' },
      },
    });
    expect(member?._createdDate).toBeInstanceOf(Date);
    const [request] = platform.state.requests;
    expect(request).toMatchObject({
      method: 'GET',
      host: 'www.wixapis.com',
      path: '/members/v1/members/my',
      status: 200,
    });
  });

  it('without fieldsets answers the PUBLIC fieldset: the profile, no e-mail, no contact, statuses UNKNOWN', async () => {
    const token = tokenOf('bob@example.com');
    const { member } = await clientWith(() => token).members.getCurrentMember();
    expect(member).toMatchObject({ profile: { nickname: 'bob', slug: 'bob' }, status: 'UNKNOWN' });
    expect(member).not.toHaveProperty('loginEmail');
    expect(member).not.toHaveProperty('contact');
    expect(member?.profile).not.toHaveProperty('photo');
  });

  it('EXTENDED adds the e-mail and the statuses (a member awaiting approval is PENDING)', async () => {
    const token = tokenOf('bob@example.com');
    const { member } = await clientWith(() => token).members.getCurrentMember({
      fieldsets: ['EXTENDED'],
    });
    expect(member).toMatchObject({ loginEmail: 'bob@example.com', status: 'PENDING' });
    expect(member).not.toHaveProperty('contact');
  });

  it('goes to the CDN host when the strategy says shouldUseCDN, and the platform answers there too', async () => {
    const token = tokenOf('ada@example.com');
    const { member } = await clientWith(() => token, {
      shouldUseCDN: true,
    }).members.getCurrentMember();
    expect(member?.profile?.nickname).toBe('Countess');
    expect(platform.state.requests[0]).toMatchObject({
      host: 'edge.wixapis.com',
      path: '/members/v1/members/my',
    });
  });

  it('answers 403 PERMISSION_DENIED for a visitor token, 401 UNAUTHENTICATED without a token, for an expired or a revoked one', async () => {
    const visitor = tokenOf();
    expect(await failure(clientWith(() => visitor).members.getCurrentMember())).toEqual({
      status: 403,
      code: 'PERMISSION_DENIED',
    });
    expect(await failure(clientWith(() => '').members.getCurrentMember())).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    const expired = tokenOf('ada@example.com');
    platform.state.tokens.expireAccessTokens();
    expect(await failure(clientWith(() => expired).members.getCurrentMember())).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
    const revoked = tokenOf('ada@example.com');
    platform.state.tokens.revoke({ token: revoked });
    expect(await failure(clientWith(() => revoked).members.getCurrentMember())).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });

  it('updateMember(own id) changes the names, nickname and photo that getCurrentMember answers next', async () => {
    const ada = platform.state.findMember('ada@example.com');
    const client = clientWith(() => tokenOf('ada@example.com'));
    const updated = await client.members.updateMember(ada?.id ?? '', {
      profile: { nickname: 'Ada L.', photo: { url: 'https://static.example/ada-2.png' } },
      contact: { firstName: 'Augusta Ada' },
    });
    expect(updated).toMatchObject({
      profile: { nickname: 'Ada L.', photo: { url: 'https://static.example/ada-2.png' } },
      contact: { firstName: 'Augusta Ada', lastName: 'Lovelace' },
    });
    const { member } = await client.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(member).toMatchObject({
      profile: { nickname: 'Ada L.', slug: 'ada-l' },
      contact: { firstName: 'Augusta Ada' },
    });
    expect(platform.state.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      `PATCH /members/v1/members/${ada?.id}`,
      'GET /members/v1/members/my',
    ]);
  });

  it("refuses to update another member's member (403) and a field that is not a string (400)", async () => {
    const bob = platform.state.findMember('bob@example.com');
    const ada = platform.state.findMember('ada@example.com');
    const client = clientWith(() => tokenOf('ada@example.com'));
    expect(
      await failure(client.members.updateMember(bob?.id ?? '', { profile: { nickname: 'x' } })),
    ).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    const response = await platform.fetch(`${API}/members/v1/members/${ada?.id}`, {
      method: 'PATCH',
      headers: { authorization: tokenOf('ada@example.com'), 'content-type': 'application/json' },
      body: JSON.stringify({ member: { profile: { nickname: 42 } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'INVALID_ARGUMENT: member.profile.nickname: must be a string of 255 at most',
    });
    expect(bob?.profile).toEqual({});
  });

  it('answers at the path of a site host too (/_api/members/v1/members/my) and refuses an unknown fieldset', async () => {
    const token = tokenOf('ada@example.com');
    const site = await platform.fetch(`${API}/_api/members/v1/members/my?fieldsets=EXTENDED`, {
      headers: { authorization: token },
    });
    expect(await site.json()).toMatchObject({ member: { loginEmail: 'ada@example.com' } });
    const wrong = await platform.fetch(`${API}/members/v1/members/my?fieldsets=ALL`, {
      headers: { authorization: token },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'fieldsets' }] } },
    });
  });
});
