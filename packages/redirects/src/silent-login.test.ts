import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createTokenManager, isTokenEndpointError, memoryStorage } from '@site-identity/tokens';
import { describe, expect, test, vi } from 'vitest';
import { createRedirects } from './create-redirects';
import { isRedirectsError } from './redirects-error';
import {
  CLIENT_ID,
  codeExchanges,
  createClient,
  hiddenFrame,
  hostedPageMessage,
  memberSessionToken,
  nextFrame,
  PAGE_ORIGIN,
  postFromFrame,
  redirectSessionCalls,
  usePlatform,
  SILENT_PAGE_MISTAKES,
} from './test-platform';

const { platform } = usePlatform();

describe('silentLogin', () => {
  test('loads a prompt=none web_message page in a hidden frame, exchanges its code and stores member tokens', async () => {
    const { tokens, redirects } = createClient();
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const framed = nextFrame();
    const pending = redirects.silentLogin(memberSessionToken(platform));
    const { frame, loaded } = await framed;
    const authUrl = new URL(frame.src);
    expect(authUrl.searchParams.get('prompt')).toBe('none');
    expect(authUrl.searchParams.get('responseMode')).toBe('web_message');
    expect(authUrl.searchParams.get('redirectUri')).toBe(location.origin);
    await loaded;
    postFromFrame(frame, await hostedPageMessage(platform, frame.src));
    const result = await pending;
    expect(result.refreshToken.role).toBe('member');
    expect(tokens.isLoggedIn()).toBe(true);
    expect(hiddenFrame()).toBeNull();
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
    expect(codeExchanges(platform)).toHaveLength(1);
  });

  test('a redirectUri that is not an absolute http(s) URL without a fragment is INVALID_ARGUMENT, and nothing is sent', async () => {
    const { redirects } = createClient();
    const error: unknown = await redirects
      .silentLogin(memberSessionToken(platform), { redirectUri: 'https://shop.example/cb#frag' })
      .catch((e: unknown) => e);
    expect(isRedirectsError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'redirectUri must be an absolute http or https URL without a fragment; got "https://shop.example/cb#frag"',
    });
    expect(hiddenFrame()).toBeNull();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('a given redirectUri is sent as given, not normalised', async () => {
    const { redirects } = createClient();
    const framed = nextFrame();
    const pending = redirects.silentLogin(memberSessionToken(platform), {
      redirectUri: location.origin,
      timeoutMs: 50,
    });
    const { frame } = await framed;
    expect(new URL(frame.src).searchParams.get('redirectUri')).toBe(location.origin);
    // No answer from the frame: the flow times out and the frame is removed.
    await expect(pending).rejects.toMatchObject({ code: 'OAUTH_FLOW_TIMED_OUT' });
    expect(hiddenFrame()).toBeNull();
  });

  test('ignores messages from another origin, another window or with another state', async () => {
    const { redirects } = createClient();
    const framed = nextFrame();
    const settled = vi.fn();
    const pending = redirects.silentLogin(memberSessionToken(platform));
    pending.then(settled, settled);
    const { frame, loaded } = await framed;
    await loaded;
    const answer = await hostedPageMessage(platform, frame.src);
    postFromFrame(frame, answer, { origin: 'https://evil.example' });
    postFromFrame(frame, answer, { source: window });
    postFromFrame(frame, answer, { source: null });
    postFromFrame(frame, { ...answer, state: 'forged' });
    postFromFrame(frame, { code: answer['code'] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).not.toHaveBeenCalled();
    expect(hiddenFrame()).toBe(frame);
    expect(codeExchanges(platform)).toHaveLength(0);
    postFromFrame(frame, answer);
    await expect(pending).resolves.toMatchObject({ refreshToken: { role: 'member' } });
  });

  test("the frame's own error surfaces as AUTHORIZATION_ERROR, and the frame is removed", async () => {
    const { tokens, redirects } = createClient();
    const framed = nextFrame();
    const pending = redirects.silentLogin('not-a-session');
    const { frame, loaded } = await framed;
    await loaded;
    postFromFrame(frame, await hostedPageMessage(platform, frame.src));
    await expect(pending).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'AUTHORIZATION_ERROR',
      error: 'login_required',
      errorDescription: 'No valid session',
    });
    expect(hiddenFrame()).toBeNull();
    expect(tokens.isLoggedIn()).toBe(false);
    expect(codeExchanges(platform)).toHaveLength(0);
  });

  test('a page that loads and never answers fails 3 s after its load with FRAME_NOT_ANSWERED, not at the 120 s time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A browser, which runs the hosted page (happy-dom does not, and ends after 2 s).
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    );
    const { redirects } = createClient();
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const framed = nextFrame();
    const pending = redirects.silentLogin(memberSessionToken(platform));
    const rejected = expect(pending).rejects.toMatchObject({
      code: 'FRAME_NOT_ANSWERED',
      message: expect.stringContaining(
        `posted no answer to ${location.origin} within 3000 ms`,
      ) as unknown,
    });
    const { loaded } = await framed;
    await loaded;
    await vi.advanceTimersByTimeAsync(2999);
    expect(hiddenFrame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await rejected;
    expect(hiddenFrame()).toBeNull();
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
  });

  test('honours a shorter time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { redirects } = createClient();
    const framed = nextFrame();
    const pending = redirects.silentLogin(memberSessionToken(platform), { timeoutMs: 5000 });
    const rejected = expect(pending).rejects.toMatchObject({ code: 'OAUTH_FLOW_TIMED_OUT' });
    await (
      await framed
    ).loaded;
    await vi.advanceTimersByTimeAsync(5000);
    await rejected;
  });

  test('one silent login per session token runs at a time', async () => {
    const { redirects } = createClient();
    const token = memberSessionToken(platform);
    const framed = nextFrame();
    const first = redirects.silentLogin(token);
    const second = redirects.silentLogin(token);
    const { frame, loaded } = await framed;
    await loaded;
    postFromFrame(frame, await hostedPageMessage(platform, frame.src));
    // Both callers get the one run's result.
    expect(await second).toBe(await first);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
    expect(codeExchanges(platform)).toHaveLength(1);
  });

  test('a failed code exchange rejects with the token endpoint error, frame removed', async () => {
    const { redirects } = createClient();
    const framed = nextFrame();
    const pending = redirects.silentLogin(memberSessionToken(platform));
    const { frame, loaded } = await framed;
    await loaded;
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 400 });
    postFromFrame(frame, await hostedPageMessage(platform, frame.src));
    await expect(pending).rejects.toSatisfy(isTokenEndpointError);
    expect(hiddenFrame()).toBeNull();
  });

  test.each([
    [
      'an empty session token',
      '',
      {},
      'sessionToken must be a non-empty string; got an empty string',
    ],
    [
      'a session token that is not a string',
      42,
      {},
      'sessionToken must be a non-empty string; got 42',
    ],
    [
      'a negative time-out',
      'tok',
      { timeoutMs: -1 },
      'timeoutMs must be a number of milliseconds from 1 to 2147483647; got -1',
    ],
    [
      'a time-out that is not a number',
      'tok',
      { timeoutMs: '5s' },
      'timeoutMs must be a number of milliseconds from 1 to 2147483647; got "5s"',
    ],
    ['options that are a number', 'tok', 5, 'options must be an object; got 5'],
  ])('refuses %s before any call', async (_name, token, options, message) => {
    const { redirects } = createClient();
    await expect(redirects.silentLogin(token as string, options as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
    });
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('null options never throw a TypeError: the call rejects with its typed error', async () => {
    const { redirects } = createClient();
    await expect(redirects.silentLogin(42 as never, null as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'sessionToken must be a non-empty string; got 42',
    });
  });
});

describe('silentLogin against a platform as strict as the real one', () => {
  test.each(SILENT_PAGE_MISTAKES)(
    "%s: FRAME_NOT_ANSWERED within seconds of the frame's load, naming the origin and the redirect URI",
    async (_name, clients) => {
      vi.useRealTimers();
      platform.state.settings.clients = clients;
      const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
      const tokens = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
      const redirects = createRedirects({ tokens, window: browser.window });
      const started = Date.now();
      const error: unknown = await redirects
        .silentLogin(memberSessionToken(platform))
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(4500);
      expect(error).toMatchObject({
        code: 'FRAME_NOT_ANSWERED',
        message: `The hosted page loaded in the hidden frame but posted no answer to ${PAGE_ORIGIN} within 3000 ms: the platform answers only a page whose origin is one of the app's allowed domains, for a registered redirect URI. Add ${PAGE_ORIGIN} to the allowed domains and ${PAGE_ORIGIN} to the redirect URIs in the app's OAuth settings (a browser that blocks third-party cookies can keep the page silent too)`,
      });
      expect(browser.frames).toHaveLength(0);
      expect(tokens.isLoggedIn()).toBe(false);
    },
  );
});
