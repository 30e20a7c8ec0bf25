// A refusal caused by the app's configuration is never reported as the member's mistake:
// each mistake against an emulated platform as strict as the real one.
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { loginWithPopup } from '@site-identity/redirects/popup';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { configurationRefusal } from './configuration-refusal';
import { createMemberAuth, type MemberAuthOptions } from './member-auth';
import type { LoginResult } from './login-result';
import { CLIENT_ID, mapStorage, usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const PAGE_ORIGIN = 'http://localhost:3000';
const CALLBACK = `${PAGE_ORIGIN}/callback`;
const { platform } = usePlatform({ members: [ada] });
const MEMBER_TEXT = 'Logging in is not possible right now. Please try again later.';
const PREFIX = "The platform refused the app's configuration, not the member's input: ";

afterEach(() => {
  vi.useRealTimers();
});

/** A member client; `clientId` and `apiBaseUrl` as an app might get them wrong. */
function setUp(
  settings: { clientId?: string; apiBaseUrl?: string } = {},
  options: Partial<MemberAuthOptions> = {},
) {
  const clientId = settings.clientId ?? CLIENT_ID;
  const browser = createTestBrowser(platform, { url: `${PAGE_ORIGIN}/shop` });
  const tokens = createTokenManager({
    clientId,
    storage: memoryStorage(),
    crossTab: false,
    ...(settings.apiBaseUrl !== undefined && { apiBaseUrl: settings.apiBaseUrl }),
  });
  const redirects = createRedirects({ tokens, window: browser.window });
  const auth = createMemberAuth({
    tokens,
    redirects,
    verificationStorage: mapStorage(),
    ...options,
  });
  return { auth, tokens, browser };
}

/** The app as the site's OAuth settings know it. */
const registered = (extra: { allowedOrigins?: string[]; redirectUris?: string[] } = {}) => [
  { clientId: CLIENT_ID, redirectUris: [CALLBACK, PAGE_ORIGIN], ...extra },
];

function expectMisconfigured(result: LoginResult, ...said: string[]) {
  expect(result).toMatchObject({
    loginState: 'FAILURE',
    errorCode: 'SITE_MISCONFIGURED',
    error: MEMBER_TEXT,
  });
  if (result.loginState !== 'FAILURE') return;
  expect(result.cause.code).toBe('SITE_MISCONFIGURED');
  expect(result.cause.message.startsWith(PREFIX)).toBe(true);
  for (const words of said) expect(result.cause.message).toContain(words);
  // For the developer only: the member's text has no API words.
  expect(result.error).not.toMatch(/client|oauth|token|apiBaseUrl|404|401|403/i);
}

describe("login, register and verifyEmail refused by the app's configuration", () => {
  test('an unknown client id: SITE_MISCONFIGURED naming the client id sent and the endpoint\'s reason (was invalidEmail, "Check the e-mail address")', async () => {
    platform.state.settings.clients = registered();
    const { auth } = setUp({ clientId: 'member-auth-test-clien' });
    const result = await auth.login(ada);
    expectMisconfigured(
      result,
      'the token endpoint does not know the client id "member-auth-test-clien" (401)',
      "set clientId to the client id of one of the site's OAuth apps (the app's OAuth settings on the platform)",
      '(the endpoint says: invalid_client: unknown client)',
    );
  });

  test('apiBaseUrl with a trailing /oauth2: SITE_MISCONFIGURED naming the URL and apiBaseUrl (was invalidEmail)', async () => {
    const { auth } = setUp({ apiBaseUrl: 'https://www.wixapis.com/oauth2' });
    const result = await auth.login(ada);
    expectMisconfigured(
      result,
      'the token endpoint is not at POST https://www.wixapis.com/oauth2/oauth2/token (404): apiBaseUrl "https://www.wixapis.com/oauth2" ends in /oauth2',
      'give apiBaseUrl the API base only (https://www.wixapis.com by default); the library adds /oauth2/token',
    );
  });

  test('an unpublished site: SITE_MISCONFIGURED saying to publish it (was invalidEmail)', async () => {
    platform.state.settings.published = false;
    const { auth } = setUp();
    expectMisconfigured(
      await auth.login(ada),
      'the site is not published (the token endpoint answered 403)',
      'To fix it, publish the site.',
      '(the endpoint says: unauthorized_client: the site is not published)',
    );
  });

  test('a site unpublished after the visitor got tokens: the login call itself is refused', async () => {
    const { auth, tokens } = setUp();
    await tokens.getAccessToken();
    platform.state.settings.published = false;
    expectMisconfigured(
      await auth.login(ada),
      'the site is not published (the platform answered 403)',
    );
  });

  test.each([
    ['register', { ...ada, email: 'new@example.com' }],
    ['login', ada],
  ] as const)('%s with an unknown client id is SITE_MISCONFIGURED too', async (call, params) => {
    platform.state.settings.clients = registered();
    const { auth } = setUp({ clientId: 'other-app' });
    expectMisconfigured(await auth[call](params), 'does not know the client id "other-app"');
  });

  test('verifyEmail refused because the site was unpublished meanwhile is SITE_MISCONFIGURED', async () => {
    platform.state.settings.requireEmailVerification = true;
    const { auth } = setUp();
    const registeredResult = await auth.register({
      email: 'eve@example.com',
      password: 'pw-1234567',
    });
    expect(registeredResult.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    platform.state.settings.published = false;
    expectMisconfigured(await auth.verifyEmail({ code: '000000' }), 'the site is not published');
  });

  test('an origin that is not an allowed domain: the frame fails within seconds and the login says so, keeping the session token', async () => {
    platform.state.settings.clients = registered({ allowedOrigins: ['https://shop.example'] });
    const { auth, tokens } = setUp({}, { completeLogin: 'frame' } as Partial<MemberAuthOptions>);
    const started = Date.now();
    const result = await auth.login({ ...ada, completeLogin: 'frame' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(4500);
    expectMisconfigured(
      result,
      'the hosted page in the hidden frame loaded and never answered',
      `posted no answer to ${PAGE_ORIGIN} within 3000 ms`,
      `Add ${PAGE_ORIGIN} to the allowed domains and ${PAGE_ORIGIN} to the redirect URIs`,
    );
    expect(result.data).toMatchObject({ sessionToken: expect.any(String) as unknown });
    expect(tokens.isLoggedIn()).toBe(false);
  });
});

/**
 * A stand-in for the popup the app opened: `about:blank` of the page's origin until it is
 * sent to the platform's page, whose address can no longer be read (as in a browser).
 */
function standInPopup() {
  let sent = false;
  const popup = {
    closed: false,
    location: {
      get href(): string {
        if (sent) throw new DOMException('Blocked a frame from accessing a cross-origin frame');
        return 'about:blank';
      },
      replace: () => void (sent = true),
    },
    close: () => void (popup.closed = true),
  };
  return popup as unknown as Window;
}

describe("a redirect client's own calls refused by the app's configuration", () => {
  test('a popup login whose check page loaded and never answered (ORIGIN_NOT_ALLOWED) is a configuration refusal naming the allowed domains and the redirect URIs', async () => {
    platform.state.settings.clients = registered({ allowedOrigins: ['https://shop.example'] });
    const { tokens, browser } = setUp();
    const redirects = createRedirects({ tokens, window: browser.window });
    const error: unknown = await loginWithPopup(redirects, { popup: standInPopup() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'RedirectsError', code: 'ORIGIN_NOT_ALLOWED' });
    expect(configurationRefusal(error, { clientId: CLIENT_ID, base: tokens.apiBaseUrl })).toEqual({
      cause: 'the hosted page in the popup loaded and never answered',
      fix: "add this page's origin to the allowed domains and the redirect URI to the redirect URIs in the app's OAuth settings on the platform",
      error,
    });
  });

  test('a popup login the member closed is not one', async () => {
    const { tokens, browser } = setUp();
    const redirects = createRedirects({ tokens, window: browser.window });
    const popup = standInPopup();
    const closing = loginWithPopup(redirects, { popup });
    popup.close();
    const error: unknown = await closing.catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RedirectsError', code: 'POPUP_CLOSED' });
    expect(configurationRefusal(error, { clientId: CLIENT_ID, base: tokens.apiBaseUrl })).toBe(
      undefined,
    );
  });
});

describe('what is not the configuration keeps its meaning', () => {
  test('a wrong password on a strict platform is still invalidPassword', async () => {
    platform.state.settings.clients = registered();
    const { auth } = setUp();
    const result = await auth.login({ ...ada, password: 'wrong' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
  });

  test('an unknown e-mail is still invalidEmail (the catalogue: what the login endpoint itself answers)', async () => {
    const { auth } = setUp();
    const result = await auth.login({ email: 'nobody@example.com', password: 'x' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidEmail' });
  });

  test('a token endpoint that is down is a server error, not a configuration', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
    const { auth } = setUp();
    const result = await auth.login(ada);
    expect(result.loginState === 'FAILURE' && result.errorCode).not.toBe('SITE_MISCONFIGURED');
  });
});
