// A redirect client lends the failures its calls end with (what the devtools panel
// diagnoses): told to its listeners, never changing the call's result.
import { isPlatformError } from '@site-identity/http';
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createTokenManager, isTokenEndpointError, memoryStorage } from '@site-identity/tokens';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRedirects } from './create-redirects';
import { callFailures, type HeardFailure } from './internal';
import { internals } from './internals';
import { loginWithPopup } from './popup';
import { prewarm } from './prewarm';
import {
  CLIENT_ID,
  createClient,
  fakePopup,
  memberSessionToken,
  NOT_REDIRECTS,
  NOT_REDIRECTS_ERROR,
  PAGE_ORIGIN,
  REDIRECT_URI,
  usePlatform,
} from './test-platform';

const { platform } = usePlatform();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Lets the listeners' microtasks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a redirect client of the platform's default API base sends, as its failures name it. */
const SENT = { clientId: CLIENT_ID, base: 'https://www.wixapis.com' };

/** The app's OAuth settings with this page's origin not among the allowed domains. */
const originNotAllowed = () => {
  platform.state.settings.clients = [
    { clientId: CLIENT_ID, redirectUris: [PAGE_ORIGIN], allowedOrigins: ['https://shop.example'] },
  ];
};

/** A redirect client in a browser that runs the hosted pages (the frames' pages post, or stay silent). */
function browserClient() {
  const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
  const tokens = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
  return { tokens, redirects: createRedirects({ tokens, window: browser.window }) };
}

/** Every failure `redirects` tells, as heard. */
function hearing(redirects: ReturnType<typeof createRedirects>) {
  const heard: HeardFailure[] = [];
  const stop = callFailures(redirects)((failure) => heard.push(failure));
  return { heard, stop };
}

describe('callFailures: the failures a redirect client met, for the devtools', () => {
  test('a silent login whose hidden frame loaded and never answered tells silentLogin and its FRAME_NOT_ANSWERED', async () => {
    originNotAllowed();
    const { redirects } = browserClient();
    const { heard } = hearing(redirects);
    const error: unknown = await redirects
      .silentLogin(memberSessionToken(platform))
      .catch((e: unknown) => e);
    await settled();
    expect(error).toMatchObject({ name: 'RedirectsError', code: 'FRAME_NOT_ANSWERED' });
    // The very error the call rejected with.
    expect(heard).toEqual([{ call: 'silentLogin', error, sent: SENT }]);
  });

  test('callers that share one run (two silent logins with one session token, as React StrictMode makes) are one failure, told once', async () => {
    originNotAllowed();
    const { redirects } = browserClient();
    const { heard } = hearing(redirects);
    const sessionToken = memberSessionToken(platform);
    const [first, second] = await Promise.all([
      redirects.silentLogin(sessionToken).catch((e: unknown) => e),
      redirects.silentLogin(sessionToken).catch((e: unknown) => e),
    ]);
    await settled();
    // One run: both callers got its very error.
    expect(second).toBe(first);
    expect(first).toMatchObject({ name: 'RedirectsError', code: 'FRAME_NOT_ANSWERED' });
    expect(heard).toEqual([{ call: 'silentLogin', error: first, sent: SENT }]);
  });

  test('a popup login whose check page never answered tells loginWithPopup and its ORIGIN_NOT_ALLOWED', async () => {
    originNotAllowed();
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    const { redirects } = createClient();
    const { heard } = hearing(redirects);
    const error: unknown = await loginWithPopup(redirects).catch((e: unknown) => e);
    await settled();
    expect(error).toMatchObject({ name: 'RedirectsError', code: 'ORIGIN_NOT_ALLOWED' });
    expect(heard).toEqual([{ call: 'loginWithPopup', error, sent: SENT }]);
  });

  test('a silent login that succeeds, and a popup login refused before its window opens, tell nothing', async () => {
    const { redirects, tokens } = browserClient();
    const { heard } = hearing(redirects);
    await redirects.silentLogin(memberSessionToken(platform));
    expect(tokens.isLoggedIn()).toBe(true);
    // Refused by `internals.borrow`: no client, so no one to tell.
    await expect(loginWithPopup({} as never)).rejects.toMatchObject(NOT_REDIRECTS_ERROR);
    await settled();
    expect(heard).toEqual([]);
  });

  test("loginWithRedirect refused because the site is not published tells the token endpoint's refusal", async () => {
    platform.state.settings.published = false;
    const { redirects } = createClient({ navigate: vi.fn() });
    const { heard } = hearing(redirects);
    const error: unknown = await redirects
      .loginWithRedirect({ redirectUri: REDIRECT_URI })
      .catch((e: unknown) => e);
    await settled();
    expect(isTokenEndpointError(error) && error.status).toBe(403);
    expect(heard).toEqual([{ call: 'loginWithRedirect', error, sent: SENT }]);
  });

  test.each(['getAuthUrl', 'prewarm'] as const)(
    '%s refused by the redirects service tells its PlatformError',
    async (call) => {
      platform.faults.inject({
        path: '/_api/redirects-api/v1/redirect-session',
        kind: 'status',
        status: 404,
      });
      const { redirects } = createClient({ logger: { warn: vi.fn() } });
      const { heard } = hearing(redirects);
      const flow = { codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', state: 's-1' };
      // A pre-warm never rejects: its failure goes to the logger, and to the listeners.
      await (call === 'prewarm'
        ? prewarm(redirects)
        : redirects.getAuthUrl({ ...flow, redirectUri: REDIRECT_URI }).catch(() => undefined));
      await settled();
      expect(heard).toHaveLength(1);
      expect(heard[0]?.call).toBe(call);
      expect(isPlatformError(heard[0]?.error) && heard[0].error.status).toBe(404);
    },
  );

  test('a listener removed is not told, even of a failure met before its removal; the last removal leaves nothing behind', async () => {
    const { redirects } = createClient();
    const hear = callFailures(redirects);
    const removed = vi.fn();
    // The first listener, told first, removes the second before its turn.
    const first = vi.fn(() => stop());
    const stopFirst = hear(first);
    const stop = hear(removed);
    await redirects.silentLogin('').catch(() => undefined);
    await settled();
    expect(first).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    expect(internals.borrow(redirects).failures?.listeners.size).toBe(1);
    stopFirst();
    expect(internals.borrow(redirects).failures).toBeUndefined();
    await redirects.silentLogin('').catch(() => undefined);
    await settled();
    expect(first).toHaveBeenCalledTimes(1);
  });

  test("a listener that throws changes nothing of the call's result nor stops the others (its error is still seen)", async () => {
    const { redirects } = createClient();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    const later = vi.fn();
    const hear = callFailures(redirects);
    hear(() => {
      throw new Error('listener bug');
    });
    hear(later);
    const result = redirects.silentLogin('');
    await expect(result).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await settled();
    process.off('uncaughtException', onError);
    expect(later).toHaveBeenCalledTimes(1);
    expect(errors).toMatchObject([{ message: 'listener bug' }]);
  });

  test("a redirect client of its own apiBaseUrl names it, not the token manager's", async () => {
    const tokens = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
    const redirects = createRedirects({ tokens, apiBaseUrl: 'https://www.wixapis.com/oauth2/' });
    const { heard } = hearing(redirects);
    const error: unknown = await redirects
      .getAuthUrl({ redirectUri: REDIRECT_URI, codeChallenge: 'c'.repeat(43), state: 's' })
      .catch((e: unknown) => e);
    await settled();
    expect(isPlatformError(error) && error.status).toBe(404);
    expect(heard).toEqual([
      {
        call: 'getAuthUrl',
        error,
        sent: { clientId: CLIENT_ID, base: 'https://www.wixapis.com/oauth2' },
      },
    ]);
  });

  test('each redirect client has its own listeners', async () => {
    const { redirects } = createClient();
    const { redirects: other } = createClient();
    const { heard } = hearing(other);
    await redirects.silentLogin('').catch(() => undefined);
    await settled();
    expect(heard).toEqual([]);
  });

  test.each(NOT_REDIRECTS)(
    '%s is refused with INVALID_ARGUMENT naming redirects',
    (_name, value) => {
      expect(() => callFailures(value as never)).toThrow(
        expect.objectContaining(NOT_REDIRECTS_ERROR),
      );
    },
  );
});
