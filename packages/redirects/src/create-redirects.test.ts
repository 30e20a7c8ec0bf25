import { isPlatformError } from '@site-identity/http';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { describe, expect, test, vi } from 'vitest';
import { createRedirects } from './create-redirects';
import { isRedirectsError } from './redirects-error';
import { CLIENT_ID, createClient, REDIRECT_URI, usePlatform } from './test-platform';

const { platform, server } = usePlatform();

describe('createRedirects', () => {
  test.each([
    ['no options', undefined, 'clientId must be a non-empty string; got undefined'],
    [
      'an empty client id',
      { clientId: '' },
      'clientId must be a non-empty string; got an empty string',
    ],
    [
      'no token manager',
      { clientId: 'app' },
      'tokens must be a token manager of @site-identity/tokens; got undefined',
    ],
    [
      'a relative API base URL',
      {
        clientId: 'app',
        tokens: { getAccessToken: (): string => '', exchangeCode: (): null => null },
        apiBaseUrl: '/api',
      },
      'apiBaseUrl must be an absolute http or https URL; got "/api"',
    ],
    [
      'a token manager without exchangeCode',
      { clientId: 'app', tokens: { getAccessToken: (): string => '' } },
      'tokens must be a token manager of @site-identity/tokens; got an object',
    ],
  ])('rejects %s with a typed error', (_name, options, message) => {
    expect(() => createRedirects(options as never)).toThrow(
      expect.objectContaining({ name: 'RedirectsError', code: 'INVALID_ARGUMENT', message }),
    );
  });
});

describe('clientId from the token manager', () => {
  const manager = (clientId: string) =>
    createTokenManager({ clientId, storage: memoryStorage(), crossTab: false });

  /** The clientId of the authorization requests sent to the redirects service. */
  function captureClientIds(): string[] {
    const seen: string[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/v1/redirect-session')) {
        const body = (await request.clone().json()) as {
          auth?: { authRequest?: { clientId: string } };
        };
        seen.push(body.auth?.authRequest?.clientId ?? '');
      }
    });
    return seen;
  }
  const flow = { codeChallenge: 'c'.repeat(43), state: 's-1', redirectUri: REDIRECT_URI };

  test('createRedirects({ tokens }) sends the manager’s clientId', async () => {
    const seen = captureClientIds();
    const redirects = createRedirects({ tokens: manager(CLIENT_ID) });
    await redirects.getAuthUrl(flow);
    server.events.removeAllListeners();
    expect(seen).toEqual([CLIENT_ID]);
  });

  test('the same clientId given again is accepted', async () => {
    const seen = captureClientIds();
    await createRedirects({ clientId: CLIENT_ID, tokens: manager(CLIENT_ID) }).getAuthUrl(flow);
    server.events.removeAllListeners();
    expect(seen).toEqual([CLIENT_ID]);
  });

  test('a clientId other than the manager’s is a typed error naming both', () => {
    expect(() => createRedirects({ clientId: 'site-b', tokens: manager('site-a') })).toThrow(
      expect.objectContaining({
        name: 'RedirectsError',
        code: 'INVALID_ARGUMENT',
        message:
          'clientId must be the token manager\'s clientId "site-a" or left out; got "site-b"',
      }),
    );
  });

  test('a manager of its own without clientId takes the one given', () => {
    const tokens = {
      getAccessToken: async () => 'a',
      exchangeCode: async () => null as never,
      clear() {},
    };
    expect(() => createRedirects({ clientId: 'own', tokens })).not.toThrow();
    expect(() => createRedirects({ tokens })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'clientId must be a non-empty string; got undefined',
      }),
    );
  });
});

describe('getAuthUrl', () => {
  const flow = {
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    state: 'st-1',
    redirectUri: REDIRECT_URI,
  };

  test('sends the authorization request of the flow with the defaults', async () => {
    const { redirects } = createClient();
    const { authUrl, redirectSession } = await redirects.getAuthUrl(flow);
    expect(authUrl).toBe(redirectSession.fullUrl);
    expect(Object.fromEntries(new URL(authUrl).searchParams)).toEqual({
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      codeChallenge: flow.codeChallenge,
      codeChallengeMethod: 'S256',
      responseMode: 'fragment',
      responseType: 'code',
      scope: 'offline_access',
      state: 'st-1',
      prompt: 'login',
    });
  });

  test('passes prompt, response mode and session token', async () => {
    const { redirects } = createClient();
    const { authUrl } = await redirects.getAuthUrl(flow, {
      prompt: 'none',
      responseMode: 'web_message',
      sessionToken: 'sess-1',
    });
    expect(new URL(authUrl).searchParams.get('prompt')).toBe('none');
    expect(new URL(authUrl).searchParams.get('responseMode')).toBe('web_message');
    expect(new URL(authUrl).searchParams.get('sessionToken')).toBe('sess-1');
  });

  test('takes null options as the defaults', async () => {
    const { redirects } = createClient();
    const { authUrl } = await redirects.getAuthUrl(flow, null as never);
    expect(new URL(authUrl).searchParams.get('prompt')).toBe('login');
    expect(new URL(authUrl).searchParams.get('responseMode')).toBe('fragment');
  });

  test.each([
    ['no flow', undefined, 'redirectUri must be a non-empty string; got undefined'],
    [
      'no challenge',
      { ...flow, codeChallenge: '' },
      'codeChallenge must be a non-empty string; got an empty string',
    ],
    ['no state', { ...flow, state: undefined }, 'state must be a non-empty string; got undefined'],
  ])('refuses %s', async (_name, input, message) => {
    const { redirects } = createClient();
    await expect(redirects.getAuthUrl(input as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
    });
  });
});

describe('loginWithRedirect', () => {
  test('stores the flow under its state and navigates to the hosted page, with no verifier in the URL', async () => {
    const navigate = vi.fn();
    const { redirects } = createClient({ navigate });
    await redirects.loginWithRedirect({
      redirectUri: REDIRECT_URI,
      originalUri: '/account?tab=orders',
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    const authUrl = new URL(navigate.mock.calls[0]![0] as string);
    const state = authUrl.searchParams.get('state')!;
    const stored = JSON.parse(
      sessionStorage.getItem(`site-identity:${CLIENT_ID}:flow:${state}`)!,
    ) as Record<string, string>;
    expect(stored).toEqual({
      state,
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9._~-]{43}$/),
      redirectUri: REDIRECT_URI,
      originalUri: '/account?tab=orders',
    });
    expect(authUrl.href).not.toContain(stored['codeVerifier']);
    expect(authUrl.searchParams.get('responseMode')).toBe('fragment');
  });

  test('parallel flows keep one record each', async () => {
    const navigate = vi.fn();
    const { redirects } = createClient({ navigate });
    await Promise.all([
      redirects.loginWithRedirect({ redirectUri: REDIRECT_URI }),
      redirects.loginWithRedirect({ redirectUri: REDIRECT_URI }),
    ]);
    expect(
      Object.keys(sessionStorage).filter((key) =>
        key.startsWith(`site-identity:${CLIENT_ID}:flow:`),
      ),
    ).toHaveLength(2);
  });

  test('drops an originalUri on another origin', async () => {
    const navigate = vi.fn();
    const { redirects } = createClient({ navigate });
    await redirects.loginWithRedirect({
      redirectUri: REDIRECT_URI,
      originalUri: 'https://evil.example/',
    });
    const state = new URL(navigate.mock.calls[0]![0] as string).searchParams.get('state')!;
    expect(
      (
        JSON.parse(sessionStorage.getItem(`site-identity:${CLIENT_ID}:flow:${state}`)!) as {
          originalUri?: string;
        }
      ).originalUri,
    ).toBeUndefined();
  });

  test('a failed redirect session removes the flow and does not navigate', async () => {
    const navigate = vi.fn();
    const { redirects } = createClient({ navigate });
    platform.faults.inject({
      path: '/_api/redirects-api',
      kind: 'status',
      status: 503,
      times: Infinity,
    });
    await expect(redirects.loginWithRedirect({ redirectUri: REDIRECT_URI })).rejects.toSatisfy(
      isPlatformError,
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });

  test.each([
    ['no options', undefined],
    ['a relative redirect URI', { redirectUri: '/callback' }],
    ['a number', { redirectUri: 42 }],
  ])('refuses %s with INVALID_ARGUMENT', async (_name, input) => {
    const { redirects } = createClient({ navigate: vi.fn() });
    const error = await redirects
      .loginWithRedirect(input as never)
      .catch((caught: unknown) => caught);
    expect(isRedirectsError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

test('a redirect URI with a fragment is refused with a message that says so', async () => {
  const { redirects } = createClient();
  await expect(
    redirects.loginWithRedirect({ redirectUri: 'https://shop.example/callback#top' }),
  ).rejects.toMatchObject({
    code: 'INVALID_ARGUMENT',
    message:
      'redirectUri must be an absolute http or https URL without a fragment; got "https://shop.example/callback#top"',
  });
});
