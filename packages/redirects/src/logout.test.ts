import { isPlatformError } from '@site-identity/http';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import {
  CLIENT_ID,
  createClient,
  memberSessionToken,
  PAGE_ORIGIN,
  redirectSessionCalls,
  usePlatform,
} from './test-platform';

const { platform, server } = usePlatform();

/** A signed-in member: a prompt=none code for a platform session, exchanged with the RFC 7636 appendix B verifier. */
async function signedInClient() {
  const made = createClient({ navigate: vi.fn() });
  const token = memberSessionToken(platform);
  const authorize = await made.redirects.getAuthUrl(
    {
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      state: 's-1',
      redirectUri: `${PAGE_ORIGIN}/callback`,
    },
    { prompt: 'none', sessionToken: token },
  );
  const code = new URLSearchParams(
    new URL((await platform.fetch(authorize.authUrl)).headers.get('location')!).hash.slice(1),
  ).get('code')!;
  await made.tokens.exchangeCode({
    code,
    codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    redirectUri: `${PAGE_ORIGIN}/callback`,
  });
  return made;
}

function seedRecords() {
  sessionStorage.setItem(`site-identity:${CLIENT_ID}:flow:a`, '{}');
  sessionStorage.setItem(`site-identity:${CLIENT_ID}:flow:b`, '{}');
  sessionStorage.setItem(`site-identity:${CLIENT_ID}:verification`, '{"stateToken":"x"}');
  sessionStorage.setItem('site-identity:other-client:flow:a', '{}');
  sessionStorage.setItem('unrelated', '1');
}

const remainingKeys = () => Object.keys(sessionStorage).sort();

describe('logout', () => {
  test('creates the logout URL with the still-valid member token, then clears tokens and session records', async () => {
    const { tokens, redirects } = await signedInClient();
    expect(tokens.isLoggedIn()).toBe(true);
    const memberToken = await tokens.getAccessToken();
    const authorization: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/v1/redirect-session'))
        authorization.push(request.headers.get('authorization') ?? '');
    });
    seedRecords();
    const url = new URL(await redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/bye` }));
    expect(url.pathname).toBe('/_api/iam/authentication/v1/logout');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientId: CLIENT_ID,
      postLogoutRedirectUri: `${PAGE_ORIGIN}/bye`,
    });
    expect(authorization).toEqual([memberToken]);
    expect(platform.state.redirectSessions.at(-1)?.intent).toBe('logout');
    expect(tokens.isLoggedIn()).toBe(false);
    expect(tokens.getSnapshot()).toMatchObject({ status: 'none', tokens: null });
    expect(remainingKeys()).toEqual(['site-identity:other-client:flow:a', 'unrelated']);
  });

  test('when the logout URL cannot be created it still clears everything and rejects with LOGOUT_URL_UNAVAILABLE', async () => {
    const { tokens, redirects } = await signedInClient();
    seedRecords();
    platform.faults.inject({
      path: '/_api/redirects-api',
      kind: 'status',
      status: 503,
      times: Infinity,
    });
    const error = await redirects
      .logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/bye` })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RedirectsError', code: 'LOGOUT_URL_UNAVAILABLE' });
    expect(isPlatformError((error as Error).cause)).toBe(true);
    expect(tokens.isLoggedIn()).toBe(false);
    expect(remainingKeys()).toEqual(['site-identity:other-client:flow:a', 'unrelated']);
  });

  test('signs out on this device at once: the session is gone while the platform is still answering', async () => {
    const { tokens, redirects } = await signedInClient();
    const memberToken = await tokens.getAccessToken();
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const authorization: string[] = [];
    server.use(
      http.post(
        'https://www.wixapis.com/_api/redirects-api/v1/redirect-session',
        async ({ request }) => {
          authorization.push(request.headers.get('authorization') ?? '');
          await held;
          return HttpResponse.json({
            redirectSession: {
              id: 'r-1',
              fullUrl: 'https://www.wixapis.com/_api/iam/authentication/v1/logout?x=1',
            },
          });
        },
      ),
    );
    const pending = redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/bye` });
    await vi.waitFor(() => expect(authorization).toHaveLength(1));
    // The platform has not answered yet, and the member is already signed out here.
    expect(tokens.isLoggedIn()).toBe(false);
    expect(tokens.getSnapshot().status).toBe('none');
    answer();
    await expect(pending).resolves.toContain('/v1/logout');
    // The logout URL was asked for with the member's token taken before the sign-out.
    expect(authorization).toEqual([memberToken]);
  });

  test('a visitor can log out too (role none afterwards)', async () => {
    const { tokens, redirects } = createClient();
    await tokens.getTokens();
    await expect(redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/` })).resolves.toContain(
      '/v1/logout',
    );
    expect(tokens.getSnapshot().status).toBe('none');
  });

  test.each([
    ['no options', undefined],
    ['no redirect URI', {}],
    ['a relative redirect URI', { postLogoutRedirectUri: '/bye' }],
  ])('refuses %s and keeps the session', async (_name, options) => {
    const { tokens, redirects } = await signedInClient();
    seedRecords();
    await expect(redirects.logout(options as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(remainingKeys()).toHaveLength(5);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
  });
});
