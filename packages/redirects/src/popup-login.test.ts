import { afterEach, describe, expect, test, vi } from 'vitest';
import { IDENTITY_PROVIDER_IDS } from './identity-provider';
import {
  codeExchanges,
  createClient,
  fakePopup,
  hostedPageMessage,
  navigated,
  NOT_REDIRECTS,
  NOT_REDIRECTS_ERROR,
  passCheck,
  postFromPopup,
  signInOnHostedPage,
  redirectSessionCalls,
  usePlatform,
} from './test-platform';
import { loginWithPopup } from './popup';
import { isRedirectsError } from './redirects-error';

const { platform } = usePlatform();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('loginWithPopup', () => {
  test('opens the window before any await, sends it to the hosted page, exchanges the posted code once and closes it', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { tokens, redirects } = createClient();
    const pending = loginWithPopup(redirects, { idp: 'google' });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]![0]).toBe('');
    expect(open.mock.calls[0]![2]).toMatch(/^popup=yes,width=500,height=640/);
    const check = new URL(await navigated(popup));
    expect(check.searchParams.get('responseMode')).toBe('web_message');
    expect(check.searchParams.get('idp')).toBeNull();
    expect(check.searchParams.get('redirectUri')).toBe(location.origin);
    const url = new URL(await passCheck(platform, popup));
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('responseMode')).toBe('web_message');
    expect(url.searchParams.get('idp')).toBe(IDENTITY_PROVIDER_IDS.google);
    expect(url.searchParams.get('redirectUri')).toBe(location.origin);

    const answer = await hostedPageMessage(platform, url.href).catch(() => undefined);
    expect(answer).toBeUndefined(); // the Google step shows a form first
    const posted = await (
      await platform.fetch(url.href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'lin@example.com', action: 'idp' }).toString(),
        redirect: 'manual',
      })
    ).text();
    const message = JSON.parse(/postMessage\((\{.*?\}),/.exec(posted)![1]!) as object;
    postFromPopup(popup, message, 'https://evil.example');
    postFromPopup({}, message, url.origin);
    postFromPopup(popup, { ...message, state: 'forged' }, url.origin);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(codeExchanges(platform)).toHaveLength(0);
    postFromPopup(popup, message, url.origin);
    postFromPopup(popup, message, url.origin);
    await expect(pending).resolves.toMatchObject({ refreshToken: { role: 'member' } });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges(platform)).toHaveLength(1);
    expect(popup.close).toHaveBeenCalled();
    expect(platform.state.findMember('lin@example.com')).toBeDefined();
  });

  test('a password sign-in in the popup works too; a window the app opened itself is used', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open');
    const { tokens, redirects } = createClient();
    const pending = loginWithPopup(redirects, { popup: popup as unknown as Window });
    expect(open).not.toHaveBeenCalled();
    const url = await passCheck(platform, popup);
    postFromPopup(popup, await signInOnHostedPage(platform, url), new URL(url).origin);
    await pending;
    expect(tokens.isLoggedIn()).toBe(true);
    expect(popup.close).toHaveBeenCalled();
  });

  test('a redirectUri that is not an absolute http(s) URL without a fragment opens no window', async () => {
    const open = vi.spyOn(window, 'open');
    const { redirects } = createClient();
    for (const redirectUri of [
      '/callback',
      'https://shop.example/callback#x',
      'ftp://shop.example',
    ]) {
      const error: unknown = await loginWithPopup(redirects, { redirectUri }).catch(
        (e: unknown) => e,
      );
      expect(isRedirectsError(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: `redirectUri must be an absolute http or https URL without a fragment; got ${JSON.stringify(redirectUri)}`,
      });
    }
    expect(open).not.toHaveBeenCalled();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('a blocked popup rejects with POPUP_BLOCKED before any request', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { redirects } = createClient();
    await expect(loginWithPopup(redirects)).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'POPUP_BLOCKED',
    });
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('a popup the member closes rejects with POPUP_CLOSED, and nothing is exchanged', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { tokens, redirects } = createClient();
    const pending = loginWithPopup(redirects);
    const rejected = expect(pending).rejects.toMatchObject({ code: 'POPUP_CLOSED' });
    await vi.advanceTimersByTimeAsync(1000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    await rejected;
    expect(tokens.isLoggedIn()).toBe(false);
    expect(codeExchanges(platform)).toHaveLength(0);
  });

  test('times out after timeoutMs with OAUTH_FLOW_TIMED_OUT and closes the popup; a late answer is ignored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { redirects } = createClient();
    const pending = loginWithPopup(redirects, { timeoutMs: 30_000 });
    const rejected = expect(pending).rejects.toMatchObject({
      code: 'OAUTH_FLOW_TIMED_OUT',
      message: 'OAuth flow timed out',
    });
    const url = await passCheck(platform, popup);
    await vi.advanceTimersByTimeAsync(30_000);
    await rejected;
    expect(popup.close).toHaveBeenCalled();
    postFromPopup(popup, await signInOnHostedPage(platform, url), new URL(url).origin);
    await vi.advanceTimersByTimeAsync(10);
    expect(codeExchanges(platform)).toHaveLength(0);
  });

  test("the hosted page's error surfaces as AUTHORIZATION_ERROR; the popup is closed", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { redirects } = createClient();
    const pending = loginWithPopup(redirects);
    const url = await passCheck(platform, popup);
    const cancelled = await platform.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    const message = JSON.parse(/postMessage\((\{.*?\}),/.exec(await cancelled.text())![1]!);
    postFromPopup(popup, message, new URL(url).origin);
    await expect(pending).rejects.toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      error: 'access_denied',
    });
    expect(popup.close).toHaveBeenCalled();
  });

  test('a failing redirect session rejects with its error and closes the popup', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    platform.faults.inject({
      path: '/_api/redirects-api/',
      kind: 'status',
      status: 503,
      times: Infinity,
    });
    const { redirects } = createClient();
    await expect(loginWithPopup(redirects)).rejects.toMatchObject({ status: 503 });
    expect(popup.close).toHaveBeenCalled();
    // The check's redirect session failed first (which never fails a login), then the login's own.
    expect(redirectSessionCalls(platform)).toHaveLength(2);
    expect(popup.visited).toEqual([]);
  });

  test.each([
    [{ idp: 'twitter' }, `idp must be 'google', 'facebook' or { connectionId }`],
    [
      { idp: { connectionId: '' } },
      'idp.connectionId must be 1 to 100 letters, digits, - _ or .; got an empty string',
    ],
    [
      { idp: { connectionId: 'acme sso!' } },
      'idp.connectionId must be 1 to 100 letters, digits, - _ or .; got "acme sso!"',
    ],
    [{ idp: { connectionId: 7 } }, `idp must be 'google', 'facebook' or { connectionId }`],
    [{ timeoutMs: 0 }, 'timeoutMs must be a number of milliseconds from 1 to 2147483647; got 0'],
  ])('bad input %j is INVALID_ARGUMENT before any window opens', async (options, message) => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { redirects } = createClient();
    const failure = loginWithPopup(redirects, options as never);
    await expect(failure).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(failure).rejects.toThrow(message);
    expect(open).not.toHaveBeenCalled();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });
});

describe('idp on getAuthUrl and loginWithRedirect', () => {
  test.each([
    ['google', IDENTITY_PROVIDER_IDS.google],
    ['facebook', IDENTITY_PROVIDER_IDS.facebook],
    [{ connectionId: 'my-sso-1' }, 'my-sso-1'],
  ] as const)('%j is sent as authRequest.idp %s', async (idp, id) => {
    const { redirects } = createClient();
    const { authUrl } = await redirects.getAuthUrl(
      { redirectUri: 'http://localhost:3000/callback', codeChallenge: 'c'.repeat(43), state: 's1' },
      { idp },
    );
    expect(new URL(authUrl).searchParams.get('idp')).toBe(id);
  });

  test('loginWithRedirect sends idp and a session token, and calls beforeNavigate before navigate', async () => {
    const order: string[] = [];
    const { redirects } = createClient({ navigate: (url) => void order.push(`navigate ${url}`) });
    await redirects.loginWithRedirect({
      redirectUri: 'http://localhost:3000/callback',
      idp: 'facebook',
      beforeNavigate: (url) => void order.push(`before ${url}`),
    });
    expect(order).toHaveLength(2);
    expect(order[0]).toMatch(/^before /);
    expect(order[1]).toBe(order[0]!.replace('before', 'navigate'));
    expect(new URL(order[1]!.slice(9)).searchParams.get('idp')).toBe(
      IDENTITY_PROVIDER_IDS.facebook,
    );
  });
});

describe('loginWithPopup with a signal', () => {
  test('an aborted signal opens no window and asks the platform nothing', async () => {
    const open = vi.spyOn(window, 'open');
    const { redirects } = createClient();
    const error = await loginWithPopup(redirects, { signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      name: 'PlatformError',
      kind: 'aborted',
      code: 'ABORTED',
      message: 'The call was aborted by its signal',
    });
    expect(open).not.toHaveBeenCalled();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('an abort while the member signs in ends the login with ABORTED, closes the popup and exchanges nothing', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { redirects } = createClient();
    const controller = new AbortController();
    const pending = loginWithPopup(redirects, { signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await passCheck(platform, popup);
    controller.abort(new Error('the page moved on'));
    const error = await pending;
    expect(error).toMatchObject({
      name: 'PlatformError',
      kind: 'aborted',
      code: 'ABORTED',
      message: 'The call was aborted by its signal',
    });
    expect((error as Error).cause).toEqual(new Error('the page moved on'));
    expect(popup.close).toHaveBeenCalled();
    expect(codeExchanges(platform)).toHaveLength(0);
  });
});

describe('loginWithPopup takes the redirect client it extends', () => {
  test.each(NOT_REDIRECTS)(
    '%s instead of a redirect client: INVALID_ARGUMENT, no window',
    async (_, given) => {
      const open = vi.spyOn(window, 'open');
      await expect(loginWithPopup(given as never)).rejects.toMatchObject(NOT_REDIRECTS_ERROR);
      expect(open).not.toHaveBeenCalled();
      expect(redirectSessionCalls(platform)).toHaveLength(0);
    },
  );

  test('the redirect client keeps what it lends out of sight', () => {
    const { redirects } = createClient();
    expect(Object.keys(redirects).sort()).toEqual([
      'completeLogin',
      'getAuthUrl',
      'loginWithRedirect',
      'logout',
      'silentLogin',
    ]);
    expect({ ...redirects }).not.toHaveProperty('loginWithPopup');
    expect({ ...redirects }).not.toHaveProperty('prewarm');
    expect({ ...redirects }).not.toHaveProperty('createRedirectSession');
  });
});
