// The completeLogin strategies against the mock platform: a real token manager and a
// real redirect client in an emulated tab whose hidden frames load the platform's
// pages (and, like a browser that blocks third-party cookies, send no cookies).
import type { FrameCookieMode } from '@site-identity/mock-platform';
import { createTestBrowser, type TestBrowser } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BeforeRedirectEvent } from './login-completion';
import { createMemberAuth, type MemberAuthOptions } from './member-auth';
import { CLIENT_ID, mapStorage, usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const PAGE = 'http://localhost:3000/shop?item=7';
const CALLBACK = 'http://localhost:3000/callback';
const { platform, server } = usePlatform({ members: [ada] });

afterEach(() => {
  vi.useRealTimers();
});

/** Fake timers for the frame budget and the flow's limit; `Date` moves with them. */
const fakeTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** Lets pending requests and frame loads run (they need no timers) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  const end = performance.now() + 5_000;
  while (performance.now() < end) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the condition never held');
}

/** The hosted authorize page never answers, so the frame never loads (a platform that hangs). */
const neverLoads = () =>
  platform.faults.inject({
    path: /\/_hosted\/oauth2\/authorize/,
    kind: 'timeout',
    times: Infinity,
  });

const codeExchanges = () =>
  platform.state.requests.filter((request) => request.grantType === 'authorization_code');
const redirectSessions = () =>
  platform.state.requests.filter((request) => request.path.endsWith('/v1/redirect-session'));

/** A member client in an emulated tab at {@link PAGE}, with `frameCookie` set on the platform. */
function setUp(frameCookie: FrameCookieMode, options: Partial<MemberAuthOptions> = {}) {
  platform.state.settings.frameCookie = frameCookie;
  const browser = createTestBrowser(platform, { url: PAGE });
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    crossTab: false,
  });
  const redirects = createRedirects({ clientId: CLIENT_ID, tokens, window: browser.window });
  const announced: { event: BeforeRedirectEvent; shown: string; frames: number }[] = [];
  const auth = createMemberAuth({
    clientId: CLIENT_ID,
    tokens,
    redirects,
    verificationStorage: mapStorage(),
    redirectUri: CALLBACK,
    onBeforeRedirect: (event) =>
      announced.push({ event, shown: browser.url, frames: browser.frames.length }),
    ...options,
  });
  return { auth, tokens, redirects, browser, announced };
}

/**
 * What the browser does with the hosted authorize page at top level: follows the
 * platform's redirects with its (first-party) cookies until the page leaves the
 * platform, and shows where it lands (the callback page).
 */
async function loadTopLevel(browser: TestBrowser): Promise<void> {
  let url = new URL(browser.url);
  const hosted = url.origin;
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && url.origin === hosted; hop += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await platform.fetch(url.href, { headers: cookie ? { cookie } : {} });
    const set = response.headers.get('set-cookie');
    if (set) {
      const [pair = ''] = set.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name.trim(), value.trim());
    }
    const location = response.headers.get('location');
    if (location === null) throw new Error(`the hosted page answered ${response.status}`);
    url = new URL(location, url);
  }
  browser.window.location.assign(url.href);
}

describe("completeLogin: 'auto' (the default)", () => {
  test('a frame that signs in completes the login: no navigation, no event, one exchange', async () => {
    const { auth, tokens, browser, announced } = setUp('off');
    const result = await auth.login(ada);
    expect(result).toMatchObject({ loginState: 'SUCCESS', completedBy: 'frame' });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(browser.url).toBe(PAGE);
    expect(announced).toEqual([]);
    expect(browser.frames).toEqual([]);
    expect(codeExchanges()).toHaveLength(1);
  });

  test('login_required from the frame: the redirect at once, announced before the page leaves; the callback page exchanges the one code and restores originalUri', async () => {
    fakeTime();
    const { auth, tokens, redirects, browser, announced } = setUp('required');
    const started = Date.now();
    const result = await auth.login({ ...ada, originalUri: '/shop?item=7' });
    expect(Date.now() - started).toBe(0);
    expect(result).toMatchObject({ loginState: 'SUCCESS', completedBy: 'redirect' });
    expect(browser.frames).toEqual([]);
    expect(announced).toHaveLength(1);
    const [{ event, shown, frames }] = announced as [(typeof announced)[number]];
    expect(event).toEqual({
      authUrl: browser.url,
      reason: 'loginRequired',
      originalUri: '/shop?item=7',
    });
    expect(shown).toBe(PAGE);
    expect(frames).toBe(0);
    const authUrl = new URL(browser.url);
    expect(authUrl.searchParams.get('prompt')).toBe('none');
    expect(authUrl.searchParams.get('redirectUri')).toBe(CALLBACK);
    expect(codeExchanges()).toHaveLength(0);
    expect(tokens.isLoggedIn()).toBe(false);

    await loadTopLevel(browser);
    expect(browser.url.startsWith(`${CALLBACK}#code=`)).toBe(true);
    const completion = await redirects.completeLogin();
    expect(completion.originalUri).toBe('/shop?item=7');
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges()).toHaveLength(1);
  });

  test('a frame that loads and never answers is removed 3 s after its load (well within the 10 s budget), then the redirect', async () => {
    fakeTime();
    const { auth, tokens, redirects, browser, announced } = setUp('unanswered');
    const pending = auth.login(ada);
    await until(() => browser.frames.length === 1);
    await until(() => platform.state.requests.some((r) => r.path.endsWith('/oauth2/authorize')));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(browser.frames).toHaveLength(1);
    expect(browser.url).toBe(PAGE);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ loginState: 'SUCCESS', completedBy: 'redirect' });
    expect(browser.frames).toEqual([]);
    expect(announced.map(({ event, frames }) => [event.reason, frames])).toEqual([
      ['frameTimedOut', 0],
    ]);
    expect(announced[0]?.shown).toBe(PAGE);
    expect(browser.url).toBe(announced[0]?.event.authUrl);

    await loadTopLevel(browser);
    await redirects.completeLogin();
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges()).toHaveLength(1);
  });

  test('frameBudgetMs moves the budget; a call overrides the client', async () => {
    fakeTime();
    const { auth, browser } = setUp('unanswered', { frameBudgetMs: 3_000 });
    const pending = auth.login(ada);
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(browser.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ completedBy: 'redirect' });

    const again = setUp('unanswered', { frameBudgetMs: 3_000 });
    const second = again.auth.login({ ...ada, frameBudgetMs: 500 });
    await until(() => again.browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(500);
    expect(await second).toMatchObject({ completedBy: 'redirect' });
    expect(again.browser.frames).toEqual([]);
  });

  test('the whole flow keeps its 120 s limit: a budget as long gives a time-out, not a redirect', async () => {
    fakeTime();
    neverLoads();
    const { auth, browser, announced } = setUp('off', { frameBudgetMs: 600_000 });
    const pending = auth.login(ada);
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(browser.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'LOGIN_NOT_COMPLETED',
      data: { sessionToken: expect.any(String) },
    });
    expect(result.cause?.cause).toMatchObject({
      code: 'OAUTH_FLOW_TIMED_OUT',
      message: 'OAuth flow timed out',
    });
    expect(browser.frames).toEqual([]);
    expect(browser.url).toBe(PAGE);
    expect(announced).toEqual([]);
    expect(codeExchanges()).toHaveLength(0);
  });

  test('true means auto', async () => {
    const { auth, browser } = setUp('required');
    expect(await auth.login({ ...ada, completeLogin: true })).toMatchObject({
      completedBy: 'redirect',
    });
    expect(browser.url).not.toBe(PAGE);
  });

  test('without a redirect URI the frame is all there is, with the whole 120 s', async () => {
    fakeTime();
    neverLoads();
    const { auth, browser } = setUp('off', { redirectUri: undefined });
    const pending = auth.login(ada);
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(browser.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(110_000);
    expect(await pending).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'LOGIN_NOT_COMPLETED',
    });
    expect(browser.frames).toEqual([]);
    expect(browser.url).toBe(PAGE);
  });

  test('an error a redirect cannot mend (the code exchange refused) is a FAILURE without a redirect', async () => {
    const { auth, browser, announced } = setUp('off');
    server.use(
      http.post('https://www.wixapis.com/oauth2/token', async ({ request }) => {
        const body = (await request.clone().json()) as { grantType?: string };
        if (body.grantType === 'authorization_code')
          return HttpResponse.json({ message: 'down' }, { status: 503 });
        return undefined;
      }),
    );
    const result = await auth.login(ada);
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'LOGIN_NOT_COMPLETED' });
    expect(announced).toEqual([]);
    expect(browser.url).toBe(PAGE);
    expect(browser.frames).toEqual([]);
  });

  test('a listener that throws keeps the page: FAILURE LOGIN_NOT_COMPLETED with its error, and the session token', async () => {
    const failure = new Error('could not save the cart');
    const { auth, browser } = setUp('required', {
      onBeforeRedirect: () => {
        throw failure;
      },
    });
    const result = await auth.login(ada);
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'LOGIN_NOT_COMPLETED',
      data: { sessionToken: expect.any(String) },
    });
    expect(result.cause?.cause).toBe(failure);
    expect(browser.url).toBe(PAGE);
  });
});

describe("completeLogin: 'frame' and 'redirect'", () => {
  test("'frame' never navigates: login_required is a FAILURE", async () => {
    const { auth, browser, announced } = setUp('required');
    const result = await auth.login({ ...ada, completeLogin: 'frame' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'LOGIN_NOT_COMPLETED' });
    expect(result.cause?.cause).toMatchObject({
      code: 'AUTHORIZATION_ERROR',
      error: 'login_required',
    });
    expect(browser.url).toBe(PAGE);
    expect(announced).toEqual([]);
    expect(browser.frames).toEqual([]);
    expect(codeExchanges()).toHaveLength(0);
  });

  test("'frame' waits the whole 120 s for a frame that never loads, then removes it", async () => {
    fakeTime();
    neverLoads();
    const { auth, browser } = setUp('off');
    const pending = auth.login({ ...ada, completeLogin: 'frame' });
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(browser.frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.cause?.cause).toMatchObject({ code: 'OAUTH_FLOW_TIMED_OUT' });
    expect(browser.frames).toEqual([]);
    expect(browser.url).toBe(PAGE);
  });

  test("'frame' completes where the frame can sign in", async () => {
    const { auth, tokens } = setUp('off');
    expect(await auth.login({ ...ada, completeLogin: 'frame' })).toMatchObject({
      completedBy: 'frame',
    });
    expect(tokens.isLoggedIn()).toBe(true);
  });

  test("'redirect' never makes a frame: one redirect session, announced, then the callback page", async () => {
    const { auth, tokens, redirects, browser, announced } = setUp('off');
    const appended = vi.spyOn(browser.window.document.body, 'appendChild');
    const result = await auth.login({ ...ada, completeLogin: 'redirect', originalUri: '/account' });
    expect(result).toMatchObject({ loginState: 'SUCCESS', completedBy: 'redirect' });
    expect(appended).not.toHaveBeenCalled();
    expect(redirectSessions()).toHaveLength(1);
    expect(announced.map(({ event, shown }) => [event.reason, shown])).toEqual([
      ['strategy', PAGE],
    ]);
    await loadTopLevel(browser);
    expect((await redirects.completeLogin()).originalUri).toBe('/account');
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges()).toHaveLength(1);
  });
});

describe('register and verifyEmail complete the same way', () => {
  test('register falls back to the redirect', async () => {
    const { auth, browser, announced } = setUp('required');
    const result = await auth.register({ email: 'grace@example.com', password: 'cobol rules' });
    expect(result).toMatchObject({ loginState: 'SUCCESS', completedBy: 'redirect' });
    expect(announced[0]?.event.reason).toBe('loginRequired');
    expect(browser.frames).toEqual([]);
  });

  test('verifyEmail falls back to the redirect after the frame budget', async () => {
    platform.state.settings.requireEmailVerification = true;
    const { auth, tokens, redirects, browser } = setUp('unanswered');
    const registered = await auth.register({ email: 'grace@example.com', password: 'cobol' });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    const code = platform.state.lastEmail({ to: 'grace@example.com', kind: 'verification' })?.code;
    fakeTime();
    const pending = auth.verifyEmail({ code: code ?? '' });
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ loginState: 'SUCCESS', completedBy: 'redirect' });
    await loadTopLevel(browser);
    await redirects.completeLogin();
    expect(tokens.isLoggedIn()).toBe(true);
    expect(codeExchanges()).toHaveLength(1);
  });
});

describe('options are checked before any request', () => {
  test.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown strategy',
      { completeLogin: 'popup' },
      `completeLogin must be 'auto', 'frame', 'redirect', true or false; got "popup"`,
    ],
    [
      'a budget of zero',
      { frameBudgetMs: 0 },
      'frameBudgetMs must be a number of milliseconds from 1 to 2147483647; got 0',
    ],
    [
      'a relative redirect URI',
      { redirectUri: '/callback' },
      'redirectUri must be an absolute http or https URL without a fragment; got "/callback"',
    ],
    [
      "'redirect' without a redirect URI",
      { completeLogin: 'redirect', redirectUri: undefined },
      'redirectUri must be an absolute http or https URL without a fragment; got undefined',
    ],
    ['an originalUri that is a number', { originalUri: 5 }, 'originalUri must be a string; got 5'],
  ])('%s', async (_name, extra, message) => {
    const { auth } = setUp('off', 'redirectUri' in extra ? { redirectUri: undefined } : {});
    const result = await auth.login({ ...ada, ...extra });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'INVALID_ARGUMENT' });
    expect(result.cause?.message).toBe(message);
    expect(platform.state.requests.filter((r) => r.path.startsWith('/_api/iam/'))).toEqual([]);
  });

  test.each<[string, Partial<MemberAuthOptions>, string]>([
    [
      'a budget that is not a number',
      { frameBudgetMs: '10s' as never },
      'frameBudgetMs must be a number of milliseconds from 1 to 2147483647; got "10s"',
    ],
    [
      'a redirect URI with a fragment',
      { redirectUri: 'http://localhost:3000/callback#x' },
      'redirectUri must be an absolute http or https URL without a fragment; got "http://localhost:3000/callback#x"',
    ],
    [
      'a listener that is not a function',
      { onBeforeRedirect: 'save' as never },
      'onBeforeRedirect must be a function; got "save"',
    ],
  ])('createMemberAuth refuses %s', (_name, options, message) => {
    expect(() => setUp('off', options)).toThrow(
      expect.objectContaining({ name: 'MemberAuthError', code: 'INVALID_ARGUMENT', message }),
    );
  });
});

describe('seeded schedules: the frame answers late, refuses or stays silent, against every budget', () => {
  type Strategy = 'auto' | 'frame' | 'redirect';
  /** What a schedule must end in: which path completes, and why a redirect was taken. */
  function expected(
    strategy: Strategy,
    frameCookie: FrameCookieMode,
    latencyMs: number,
    budgetMs: number,
  ): { completedBy: 'frame' | 'redirect' | undefined; reason?: BeforeRedirectEvent['reason'] } {
    if (strategy === 'redirect') return { completedBy: 'redirect', reason: 'strategy' };
    const limit = strategy === 'frame' ? 120_000 : budgetMs;
    if (latencyMs >= limit || frameCookie === 'unanswered')
      return strategy === 'frame'
        ? { completedBy: undefined }
        : { completedBy: 'redirect', reason: 'frameTimedOut' };
    if (frameCookie === 'off') return { completedBy: 'frame' };
    return strategy === 'frame'
      ? { completedBy: undefined }
      : { completedBy: 'redirect', reason: 'loginRequired' };
  }

  test('one path completes, one code is exchanged, no frame is left, the event comes before the page leaves (30 seeded runs)', async () => {
    fakeTime();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Strategy>('auto', 'frame', 'redirect'),
        fc.constantFrom<FrameCookieMode>('off', 'required', 'unanswered'),
        fc.integer({ min: 0, max: 15_000 }),
        fc.integer({ min: 1_000, max: 12_000 }),
        async (strategy, frameCookie, latencyMs, budgetMs) => {
          // A frame answer within a few ms of the budget is a tie this test does not judge.
          fc.pre(Math.abs(latencyMs - budgetMs) > 50);
          platform.reset();
          platform.faults.inject({
            path: '/_hosted/oauth2/authorize',
            kind: 'latency',
            latencyMs,
          });
          const { auth, tokens, redirects, browser, announced } = setUp(frameCookie, {
            frameBudgetMs: budgetMs,
          });
          const framesSeen = new Set<unknown>();
          const pending = auth.login({ ...ada, completeLogin: strategy });
          let settled = false;
          void pending.finally(() => (settled = true));
          // Time jumps to the next timer only once nothing real (a request, a hash) has
          // been under way for 30 ms: each schedule is decided by the timers alone.
          for (let step = 0; step < 50 && !settled; step += 1) {
            const quiet = performance.now() + 30;
            while (!settled && performance.now() < quiet)
              await new Promise((resolve) => setImmediate(resolve));
            for (const frame of browser.frames) framesSeen.add(frame);
            if (!settled) await vi.advanceTimersToNextTimerAsync();
          }
          const result = await pending;
          const want = expected(strategy, frameCookie, latencyMs, budgetMs);
          expect(result.loginState === 'SUCCESS' ? result.completedBy : undefined).toBe(
            want.completedBy,
          );
          expect(browser.frames).toEqual([]);
          if (strategy === 'redirect') expect(framesSeen.size).toBe(0);
          expect(announced.map(({ event }) => event.reason)).toEqual(
            want.reason ? [want.reason] : [],
          );
          for (const { shown, frames } of announced) {
            expect(shown).toBe(PAGE);
            expect(frames).toBe(0);
          }
          if (want.completedBy === 'frame') {
            expect(tokens.isLoggedIn()).toBe(true);
            expect(browser.url).toBe(PAGE);
          } else if (want.completedBy === 'redirect') {
            expect(codeExchanges()).toHaveLength(0);
            platform.faults.clear();
            await loadTopLevel(browser);
            await redirects.completeLogin();
            expect(tokens.isLoggedIn()).toBe(true);
          } else {
            expect(browser.url).toBe(PAGE);
            expect(tokens.isLoggedIn()).toBe(false);
          }
          expect(codeExchanges()).toHaveLength(want.completedBy === undefined ? 0 : 1);
        },
      ),
      { seed: 20261123, numRuns: 30 },
    );
  });
});
