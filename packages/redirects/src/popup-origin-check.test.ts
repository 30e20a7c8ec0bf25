import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loginWithPopup } from './popup';
import {
  CLIENT_ID,
  codeExchanges,
  createClient,
  fakePopup,
  hostedPageMessage,
  memberSessionToken,
  navigated,
  PAGE_ORIGIN,
  passCheck,
  postFromPopup,
  redirectSessionCalls,
  signInOnHostedPage,
  usePlatform,
  type FakePopup,
  SILENT_PAGE_MISTAKES,
} from './test-platform';

const { platform, server } = usePlatform();

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A popup `window.open` answers with. */
function openedPopup(popup: FakePopup = fakePopup()): FakePopup {
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

/** Signs the member in on the login page the popup shows now, as the hosted page answers. */
async function signInInPopup(popup: FakePopup, url: string) {
  postFromPopup(popup, await signInOnHostedPage(platform, url), new URL(url).origin);
}

/** The message every ORIGIN_NOT_ALLOWED names: the page's origin, the redirect URI, the settings. */
const notAllowed = (redirectUri: string) =>
  `The hosted page opened in the login popup but posted no answer to ${PAGE_ORIGIN} within 3000 ms: ` +
  `the platform answers only a page whose origin is one of the app's allowed domains, for a registered redirect URI. ` +
  `Add ${PAGE_ORIGIN} to the allowed domains and ${redirectUri} to the redirect URIs in the app's OAuth settings`;

describe('loginWithPopup against a platform as strict as the real one', () => {
  test.each(SILENT_PAGE_MISTAKES)(
    '%s: ORIGIN_NOT_ALLOWED 3 s after the check page opened, naming the origin, the redirect URI and the settings; the popup is closed',
    async (_name, clients) => {
      platform.state.settings.clients = clients;
      const popup = openedPopup();
      const { tokens, redirects } = createClient();
      const started = Date.now();
      const error: unknown = await loginWithPopup(redirects).catch((e: unknown) => e);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(3000);
      expect(elapsed).toBeLessThan(4500);
      expect(error).toMatchObject({
        name: 'RedirectsError',
        code: 'ORIGIN_NOT_ALLOWED',
        message: notAllowed(PAGE_ORIGIN),
      });
      // The platform's check page for this popup loads and says nothing: what the verdict rests on.
      const [check] = popup.visited;
      expect(new URL(check!).searchParams.get('prompt')).toBe('none');
      await expect(hostedPageMessage(platform, check!)).rejects.toThrow('posts no message');
      expect(popup.visited).toHaveLength(1);
      expect(popup.close).toHaveBeenCalled();
      expect(tokens.isLoggedIn()).toBe(false);
      expect(codeExchanges(platform)).toHaveLength(0);
    },
  );

  test('settings that allow this page: the check page answers, the login completes; two logins check once', async () => {
    platform.state.settings.clients = [
      { clientId: CLIENT_ID, redirectUris: [PAGE_ORIGIN], allowedOrigins: [PAGE_ORIGIN] },
    ];
    const { tokens, redirects } = createClient();
    const first = openedPopup();
    const login = loginWithPopup(redirects);
    const check = await navigated(first);
    // The platform answers the check page with login_required (no session): proof enough.
    expect(await hostedPageMessage(platform, check)).toMatchObject({ error: 'login_required' });
    const url = await passCheck(platform, first);
    expect(new URL(url).searchParams.get('prompt')).toBe('login');
    await signInInPopup(first, url);
    await expect(login).resolves.toMatchObject({ refreshToken: { role: 'member' } });
    expect(first.close).toHaveBeenCalled();

    const second = openedPopup();
    const again = loginWithPopup(redirects);
    const direct = await navigated(second);
    expect(new URL(direct).searchParams.get('prompt')).toBe('login');
    await signInInPopup(second, direct);
    await again;
    expect(second.visited).toEqual([direct]);
    expect(tokens.isLoggedIn()).toBe(true);
    // One check and two logins; the check's own answer is never exchanged.
    expect(redirectSessionCalls(platform)).toHaveLength(3);
    expect(codeExchanges(platform)).toHaveLength(2);

    // Another redirect URI, or another redirect client, is checked again.
    const third = openedPopup();
    const other = loginWithPopup(redirects, { redirectUri: `${PAGE_ORIGIN}/popup` });
    expect(new URL(await navigated(third)).searchParams.get('prompt')).toBe('none');
    const fourth = openedPopup();
    const fresh = loginWithPopup(createClient().redirects);
    expect(new URL(await navigated(fourth)).searchParams.get('prompt')).toBe('none');
    third.closed = true;
    fourth.closed = true;
    await expect(other).rejects.toMatchObject({ code: 'POPUP_CLOSED' });
    await expect(fresh).rejects.toMatchObject({ code: 'POPUP_CLOSED' });
  });

  test("a member signed in on the platform: the check page's code is dropped, never exchanged", async () => {
    const { tokens, redirects } = createClient();
    const popup = openedPopup();
    const login = loginWithPopup(redirects);
    const check = await navigated(popup);
    // What the platform answers the check page for a member with a platform session (the
    // session cookie of a browser; here its session token, which the page reads the same way).
    const withSession = new URL(check);
    withSession.searchParams.set('sessionToken', memberSessionToken(platform));
    const answer = await hostedPageMessage(platform, withSession.href);
    expect(answer['state']).toBe(new URL(check).searchParams.get('state'));
    expect(answer['code']).toMatch(/^mock-code\./);
    postFromPopup(popup, answer, new URL(check).origin);
    const url = await navigated(popup, 2);
    expect(new URL(url).searchParams.get('prompt')).toBe('login');
    await signInInPopup(popup, url);
    await login;
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges(platform)).toHaveLength(1);
    expect(platform.state.codes.get(answer['code']!)?.used).toBe(false);
  });
});

describe('a check that cannot be made never fails the popup login', () => {
  test("the check's redirect session fails (network): the popup goes to the login page, the login completes, and the next login checks", async () => {
    platform.faults.inject({ path: '/_api/redirects-api/', kind: 'network' });
    const { tokens, redirects } = createClient();
    const popup = openedPopup();
    const login = loginWithPopup(redirects);
    const url = await navigated(popup);
    expect(new URL(url).searchParams.get('prompt')).toBe('login');
    await signInInPopup(popup, url);
    await login;
    expect(tokens.isLoggedIn()).toBe(true);
    expect(redirectSessionCalls(platform).map((call) => call.status)).toEqual([0, 200]);

    const next = openedPopup();
    const again = loginWithPopup(redirects);
    await signInInPopup(next, await passCheck(platform, next));
    await again;
    expect(codeExchanges(platform)).toHaveLength(2);
  });

  test('a popup already on another site (its next page cannot be seen to open): no verdict, the login page after 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    platform.state.settings.clients = [
      {
        clientId: CLIENT_ID,
        redirectUris: [PAGE_ORIGIN],
        allowedOrigins: ['https://shop.example'],
      },
    ];
    const popup = fakePopup({ crossOrigin: true });
    const { redirects } = createClient();
    const controller = new AbortController();
    const login = loginWithPopup(redirects, {
      popup: popup as unknown as Window,
      signal: controller.signal,
    });
    const settled = vi.fn();
    login.then(settled, settled);
    await navigated(popup);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(popup.visited).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    const url = await navigated(popup, 2);
    expect(new URL(url).searchParams.get('prompt')).toBe('login');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(settled).not.toHaveBeenCalled();
    controller.abort();
    await expect(login).rejects.toMatchObject({ code: 'ABORTED' });
  });

  test('the member closes the popup on the check page: POPUP_CLOSED, the popup goes nowhere else, no timer is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const popup = openedPopup();
    const { redirects } = createClient();
    const login = loginWithPopup(redirects);
    const rejected = expect(login).rejects.toMatchObject({ code: 'POPUP_CLOSED' });
    await navigated(popup);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    await rejected;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(popup.visited).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
  });

  test('a redirect URI the platform refuses at the redirect-session request fails at once with its error, the popup closed', async () => {
    server.use(
      http.post('*/_api/redirects-api/v1/redirect-session', () =>
        HttpResponse.json(
          {
            message: 'redirectUri is not allowed for this client',
            details: {
              applicationError: {
                code: 'INVALID_REDIRECT_URI',
                description: 'redirectUri is not allowed for this client',
              },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const popup = openedPopup();
    const { redirects } = createClient();
    const started = Date.now();
    await expect(loginWithPopup(redirects)).rejects.toMatchObject({
      name: 'PlatformError',
      status: 400,
      code: 'INVALID_REDIRECT_URI',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(popup.visited).toEqual([]);
    expect(popup.close).toHaveBeenCalled();
  });
});
