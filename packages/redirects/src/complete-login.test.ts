import { isTokenEndpointError } from '@site-identity/tokens';
import { describe, expect, test, vi } from 'vitest';
import {
  CLIENT_ID,
  codeExchanges,
  createClient,
  PAGE_ORIGIN,
  REDIRECT_URI,
  submitHostedLogin,
  usePlatform,
} from './test-platform';

const { platform } = usePlatform();

/**
 * Starts a flow on the page before the redirect (its own client instance, as after a
 * real navigation), signs in on the hosted page and returns the callback URL.
 */
async function hostedLogin(
  options: {
    originalUri?: string;
    responseMode?: 'fragment' | 'query';
    redirectUri?: string;
    action?: 'login' | 'cancel';
  } = {},
): Promise<string> {
  let authUrl = '';
  const { redirectUri = REDIRECT_URI, action, ...rest } = options;
  const { redirects } = createClient({ navigate: (url) => (authUrl = url) });
  await redirects.loginWithRedirect({ redirectUri, ...rest });
  return submitHostedLogin(platform, authUrl, action);
}

const client = createClient;
const storedFlows = () =>
  Object.keys(sessionStorage).filter((key) => key.startsWith(`site-identity:${CLIENT_ID}:flow:`));

describe('completeLogin', () => {
  test('exchanges the code once, stores member tokens, strips the address bar and returns the original URI', async () => {
    const { tokens, redirects } = client();
    const callback = await hostedLogin({ originalUri: '/account?tab=orders' });
    history.replaceState(null, '', callback);
    const result = await redirects.completeLogin();
    expect(result.originalUri).toBe('/account?tab=orders');
    expect(result.tokens.refreshToken.role).toBe('member');
    expect(tokens.isLoggedIn()).toBe(true);
    expect((await tokens.getTokens()).accessToken.value).toBe(result.tokens.accessToken.value);
    expect(location.href).toBe(REDIRECT_URI);
    expect(codeExchanges(platform)).toHaveLength(1);
    expect(storedFlows()).toHaveLength(0);
  });

  test('two calls at once (StrictMode) make one exchange and both get the same result', async () => {
    const { redirects } = client();
    history.replaceState(null, '', await hostedLogin());
    const first = redirects.completeLogin();
    const second = redirects.completeLogin();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(codeExchanges(platform)).toHaveLength(1);
  });

  test('the state is single-use: a replay after completion is Invalid _state', async () => {
    const { redirects } = client();
    const callback = await hostedLogin();
    await redirects.completeLogin(callback);
    await expect(redirects.completeLogin(callback)).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'INVALID_STATE',
      message: 'Invalid _state',
    });
    expect(codeExchanges(platform)).toHaveLength(1);
  });

  test('a replayed callback leaves the address bar alone until it settles, so a second call in the same tick reads it too', async () => {
    const callback = await hostedLogin();
    await client().redirects.completeLogin(callback);
    history.replaceState(null, '', callback);
    const { redirects } = client();
    const first = redirects.completeLogin();
    expect(location.href).toBe(callback);
    const second = redirects.completeLogin();
    await expect(first).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await expect(second).rejects.toMatchObject({ code: 'INVALID_STATE' });
    expect(location.href).toBe(REDIRECT_URI);
  });

  test('another instance (a second tab or a reload) cannot use a consumed state either', async () => {
    const { redirects } = client();
    const callback = await hostedLogin();
    const pending = redirects.completeLogin(callback);
    await expect(client().redirects.completeLogin(callback)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
    await pending;
  });

  test('reads the query when the flow asked for it and keeps the other parameters', async () => {
    const { redirects } = client();
    const redirectUri = `${PAGE_ORIGIN}/callback?lang=fr`;
    const callback = await hostedLogin({ responseMode: 'query', redirectUri });
    expect(new URL(callback).searchParams.get('code')).toBeTruthy();
    history.replaceState(null, '', `${callback}#section`);
    await expect(redirects.completeLogin()).resolves.toMatchObject({ originalUri: undefined });
    expect(location.href).toBe(`${PAGE_ORIGIN}/callback?lang=fr#section`);
  });

  test('does not touch the address bar when completing another URL', async () => {
    const { redirects } = client();
    history.replaceState(null, '', `${PAGE_ORIGIN}/elsewhere?x=1`);
    await redirects.completeLogin(await hostedLogin());
    expect(location.href).toBe(`${PAGE_ORIGIN}/elsewhere?x=1`);
  });

  test('accepts a relative callback URL, read against the page', async () => {
    const { redirects } = client();
    const callback = new URL(await hostedLogin());
    await expect(
      redirects.completeLogin(`${callback.pathname}${callback.hash}`),
    ).resolves.toMatchObject({ tokens: expect.any(Object) });
  });

  test.each([
    ['another origin', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a tab after the slash', '/\t/evil.example/phish'],
    ['a newline after the slash', '/\n/evil.example/phish'],
    ['a carriage return after the slash', '/\r//evil.example'],
    ['a dot segment', '/.//evil.example'],
    ['an encoded dot-dot segment', '/%2e%2e//evil.example'],
    ['the page origin with a // path', `${PAGE_ORIGIN}//evil.example`],
    ['a backslash', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a number', 42],
  ])('drops a stored originalUri on %s (no open redirect)', async (_name, evil) => {
    const { redirects } = client();
    const callback = await hostedLogin({ originalUri: '/ok' });
    const key = storedFlows()[0]!;
    sessionStorage.setItem(
      key,
      JSON.stringify({ ...JSON.parse(sessionStorage.getItem(key)!), originalUri: evil }),
    );
    await expect(redirects.completeLogin(callback)).resolves.toMatchObject({
      originalUri: undefined,
    });
  });

  test('keeps an absolute originalUri on the page origin, as its path', async () => {
    const { redirects } = client();
    const callback = await hostedLogin({ originalUri: `${PAGE_ORIGIN}/cart?id=1#top` });
    await expect(redirects.completeLogin(callback)).resolves.toMatchObject({
      originalUri: '/cart?id=1#top',
    });
  });

  test.each([
    [
      'without a state',
      `${REDIRECT_URI}#error=access_denied&error_description=<img src=x onerror=alert(1)>`,
      'MISSING_CODE_OR_STATE',
    ],
    [
      'with an unknown state',
      `${REDIRECT_URI}#error=access_denied&error_description=Call+%2B1-555-0100&state=forged`,
      'INVALID_STATE',
    ],
    [
      'with an empty state',
      `${REDIRECT_URI}?error=login_required&error_description=Your+account+is+locked&state=`,
      'MISSING_CODE_OR_STATE',
    ],
  ])(
    'an error %s is not the hosted page speaking: its text reaches no message',
    async (_name, url, code) => {
      const { redirects } = client();
      const error = (await redirects
        .completeLogin(url)
        .catch((caught: unknown) => caught)) as Error & {
        code: string;
      };
      expect(error).toMatchObject({ name: 'RedirectsError', code });
      expect((error as { errorDescription?: string }).errorDescription).toBeUndefined();
      expect(error.message).not.toMatch(/img|555|locked|access_denied|login_required/);
      expect(codeExchanges(platform)).toHaveLength(0);
    },
  );

  test.each([
    ['no parameters', REDIRECT_URI],
    ['a code without state', `${REDIRECT_URI}#code=abc`],
    ['a state without code', `${REDIRECT_URI}?state=abc`],
    ['empty values', `${REDIRECT_URI}#code=&state=`],
  ])(
    '%s is Missing code or _state, naming the URL read and the page to call it on',
    async (_name, url) => {
      const { redirects } = client();
      await expect(redirects.completeLogin(url)).rejects.toMatchObject({
        name: 'RedirectsError',
        code: 'MISSING_CODE_OR_STATE',
        message: `Missing code or _state in ${REDIRECT_URI}: call completeLogin() on the redirectUri page, where the hosted login page returns with them`,
      });
      expect(codeExchanges(platform)).toHaveLength(0);
    },
  );

  test('called on a page without a code, it names that page (never its query or fragment)', async () => {
    const { redirects } = client();
    history.replaceState(null, '', `${PAGE_ORIGIN}/account?tab=orders#code=half`);
    const error = (await redirects.completeLogin().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toBe(
      `Missing code or _state in ${PAGE_ORIGIN}/account: call completeLogin() on the redirectUri page, where the hosted login page returns with them`,
    );
  });

  test('an unknown state is Invalid _state', async () => {
    const { redirects } = client();
    await expect(
      redirects.completeLogin(`${REDIRECT_URI}#code=abc&state=forged`),
    ).rejects.toMatchObject({ code: 'INVALID_STATE', message: 'Invalid _state' });
    expect(codeExchanges(platform)).toHaveLength(0);
  });

  test('the hosted page error comes back typed, the flow is consumed and the address bar stripped', async () => {
    const { redirects } = client();
    const callback = await hostedLogin({ action: 'cancel' });
    history.replaceState(null, '', callback);
    await expect(redirects.completeLogin()).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'AUTHORIZATION_ERROR',
      error: 'access_denied',
      errorDescription: 'The member cancelled',
      message: 'The member cancelled',
    });
    expect(storedFlows()).toHaveLength(0);
    expect(location.href).toBe(REDIRECT_URI);
  });

  test('a rejected code exchange surfaces the token endpoint error; the verifier is in no message', async () => {
    const { tokens, redirects } = client();
    const callback = await hostedLogin();
    const verifier = (
      JSON.parse(sessionStorage.getItem(storedFlows()[0]!)!) as { codeVerifier: string }
    ).codeVerifier;
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 400 });
    history.replaceState(null, '', callback);
    const error = await redirects.completeLogin().catch((caught: unknown) => caught);
    expect(isTokenEndpointError(error)).toBe(true);
    expect(
      JSON.stringify({ message: (error as Error).message, cause: String((error as Error).cause) }),
    ).not.toContain(verifier);
    expect(tokens.isLoggedIn()).toBe(false);
    expect(location.href).toBe(REDIRECT_URI);
    await expect(redirects.completeLogin(callback)).rejects.toMatchObject({
      code: 'INVALID_STATE',
    });
  });

  test('outside a browser it needs a URL', async () => {
    const { redirects } = client();
    vi.stubGlobal('window', undefined);
    await expect(redirects.completeLogin()).rejects.toMatchObject({ code: 'NOT_IN_BROWSER' });
  });

  test.each([
    ['a number', 42],
    ['an object', {}],
  ])('refuses %s as URL with a typed error', async (_name, url) => {
    const { redirects } = client();
    await expect(redirects.completeLogin(url as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
