import { describe, expect, test } from 'vitest';
import { createMockPlatform } from '../platform';
import { sha256, toBase64Url } from '../sha256';
import { post, REDIRECTS, visitorTokens } from '../test-platform';

const verifier = 'A'.repeat(20) + 'b'.repeat(23);
const redirectUri = 'http://localhost:5173/callback';
const GOOGLE = '0e6a50f5-b523-4e29-990d-f37fa2ffdd69';
const FACEBOOK = '3ecad13f-52c3-483d-911f-31dbcf2a6d23';

async function setUp(site: Parameters<typeof createMockPlatform>[0] = {}) {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'secret' }],
    ...site,
  });
  const visitor = await visitorTokens(platform);
  const authUrl = async (fields: Record<string, string>, prompt = 'login') => {
    const { body } = await post(
      platform,
      `${REDIRECTS}/v1/redirect-session`,
      {
        auth: {
          authRequest: {
            clientId: 'app',
            redirectUri,
            codeChallenge: toBase64Url(sha256(verifier)),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state: 'the-state',
            ...fields,
          },
        },
        prompt,
      },
      visitor.access_token,
    );
    return (body['redirectSession'] as { fullUrl: string }).fullUrl;
  };
  return { platform, authUrl };
}

const fragment = (location: string | null) =>
  Object.fromEntries(new URLSearchParams(new URL(location ?? 'http://x/').hash.slice(1)));

describe('identity providers (authRequest.idp)', () => {
  test.each([
    [GOOGLE, 'Continue with Google'],
    [FACEBOOK, 'Continue with Facebook'],
    ['b1a4c7e2-sso', 'Continue with SSO (b1a4c7e2-sso)'],
  ])(
    'idp %s shows "%s", which signs in and creates the member on first use',
    async (idp, label) => {
      const { platform, authUrl } = await setUp();
      const url = await authUrl({ idp });
      expect(new URL(url).searchParams.get('idp')).toBe(idp);
      const page = await (await platform.fetch(url)).text();
      expect(page).toContain(`>${label}</button>`);
      expect(page).not.toContain('name="password"');

      const submit = () =>
        platform.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email: 'new@example.com', action: 'idp' }).toString(),
          redirect: 'manual',
        });
      const first = await submit();
      expect(first.status).toBe(303);
      expect(fragment(first.headers.get('location'))).toMatchObject({
        code: expect.any(String),
        state: 'the-state',
      });
      const member = platform.state.findMember('new@example.com');
      expect(member).toMatchObject({ emailVerified: true, passwordHash: undefined });
      const second = await submit();
      expect(second.status).toBe(303);
      expect(platform.state.members.size).toBe(2);
    },
  );

  test('cancel answers access_denied; a missing e-mail shows the step again', async () => {
    const { platform, authUrl } = await setUp();
    const url = await authUrl({ idp: GOOGLE });
    const form = (fields: Record<string, string>) =>
      platform.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    expect((await form({ action: 'idp', email: '' })).status).toBe(400);
    const cancelled = await form({ action: 'cancel' });
    expect(fragment(cancelled.headers.get('location'))).toMatchObject({ error: 'access_denied' });
  });
});

describe("frameCookie: the prompt=none step's own cookie", () => {
  async function silentUrl(setting: 'off' | 'required' | 'unanswered') {
    const { platform, authUrl } = await setUp({ site: { frameCookie: setting } });
    const member = platform.state.findMember('ada@example.com')!;
    const sessionToken = platform.state.createSession(member.id);
    const url = await authUrl({ responseMode: 'web_message', sessionToken }, 'none');
    return { platform, url };
  }

  test('off: answers at once from the session token', async () => {
    const { platform, url } = await silentUrl('off');
    const page = await (await platform.fetch(url)).text();
    expect(page).toMatch(/postMessage\(\{"code":/);
  });

  test.each(['required', 'unanswered'] as const)(
    '%s: sets a SameSite=None; Secure cookie on loopback and https, and answers with a code when it comes back',
    async (setting) => {
      const { platform, url } = await silentUrl(setting);
      const first = await platform.fetch(url, { redirect: 'manual' });
      expect(first.status).toBe(302);
      const setCookie = first.headers.get('set-cookie')!;
      expect(setCookie).toMatch(
        /^mock_platform_frame=[^;]+; Path=\/; HttpOnly; SameSite=None; Secure/,
      );
      const next = first.headers.get('location')!;
      const cookie = setCookie.split(';')[0]!;
      const answered = await (await platform.fetch(next, { headers: { cookie } })).text();
      expect(answered).toMatch(/postMessage\(\{"code":/);
    },
  );

  test.each([
    ['http://127.0.0.1:4011', true],
    ['http://localhost:4011', true],
    ['http://platform.test', false],
  ])(
    'hosted pages at %s: SameSite=None; Secure is set: %s (a plain http host gets the browser default)',
    async (hostedUrl, secure) => {
      const { platform, authUrl } = await setUp({
        hostedBaseUrl: hostedUrl,
        site: { frameCookie: 'required' },
      });
      const member = platform.state.findMember('ada@example.com')!;
      const sessionToken = platform.state.createSession(member.id);
      const url = await authUrl({ responseMode: 'web_message', sessionToken }, 'none');
      expect(new URL(url).origin).toBe(hostedUrl);
      const first = await platform.fetch(url, { redirect: 'manual' });
      const setCookie = first.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^mock_platform_frame=[^;]+; Path=\/; HttpOnly/);
      expect(setCookie.includes('; SameSite=None; Secure')).toBe(secure);
    },
  );

  test("required: without the cookie the frame posts login_required with the request's state", async () => {
    const { platform, url } = await silentUrl('required');
    const next = (await platform.fetch(url, { redirect: 'manual' })).headers.get('location')!;
    const page = await (await platform.fetch(next)).text();
    expect(page).toContain('"error":"login_required"');
    expect(page).toContain('"state":"the-state"');
    expect(page).toContain('third-party cookies are blocked');
    expect(platform.state.codes.size).toBe(0);
  });

  test('unanswered: without the cookie the page never posts anything', async () => {
    const { platform, url } = await silentUrl('unanswered');
    const next = (await platform.fetch(url, { redirect: 'manual' })).headers.get('location')!;
    const response = await platform.fetch(next);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('postMessage');
    expect(platform.state.codes.size).toBe(0);
  });

  test('a wrong cookie value counts as missing; the setting is checked', async () => {
    const { platform, url } = await silentUrl('required');
    const next = (await platform.fetch(url, { redirect: 'manual' })).headers.get('location')!;
    const page = await (
      await platform.fetch(next, { headers: { cookie: 'mock_platform_frame=other' } })
    ).text();
    expect(page).toContain('"error":"login_required"');
    expect(() => createMockPlatform({ site: { frameCookie: 'maybe' as 'off' } })).toThrow(
      /site\.frameCookie must be one of 'off', 'required', 'unanswered', got "maybe"/,
    );
  });
});
