// Test helpers shared by the redirect client's tests (not part of the package entry).
import { createMockPlatform, type MockClient } from '@site-identity/mock-platform';
import { createTokenManager, memoryStorage, type TokenManager } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createRedirects } from './create-redirects';
import type { Redirects, RedirectsOptions } from './redirects-types';

export const CLIENT_ID = 'app';
export const PAGE_ORIGIN = 'http://localhost:3000';

/**
 * The app's OAuth settings under which the platform's hosted page loads in a frame or
 * popup and posts nothing: each mistake's name, and the site's clients.
 */
export const SILENT_PAGE_MISTAKES: [string, MockClient[]][] = [
  [
    'an origin that is not one of the allowed domains',
    [
      {
        clientId: CLIENT_ID,
        redirectUris: [PAGE_ORIGIN],
        allowedOrigins: ['https://shop.example'],
      },
    ],
  ],
  [
    'a redirect URI that is not registered',
    [{ clientId: CLIENT_ID, redirectUris: [`${PAGE_ORIGIN}/callback`] }],
  ],
];
export const REDIRECT_URI = `${PAGE_ORIGIN}/callback`;
export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' };

/**
 * One emulated platform behind MSW for a whole test file, reset between tests,
 * with fresh storages, a clean address bar and no frames left behind.
 */
export function usePlatform() {
  const platform = createMockPlatform({ members: [MEMBER] });
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    platform.reset();
    sessionStorage.clear();
    localStorage.clear();
    history.replaceState(null, '', `${PAGE_ORIGIN}/`);
  });
  afterEach(() => {
    server.resetHandlers();
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });
  afterAll(() => server.close());
  return { platform, server };
}

/** A token manager and a redirect client over the emulated platform. */
export function createClient(options: Partial<RedirectsOptions> = {}): {
  tokens: TokenManager;
  redirects: Redirects;
} {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    crossTab: false,
  });
  const redirects = createRedirects({ clientId: CLIENT_ID, tokens, ...options });
  return { tokens, redirects };
}

/** Submits the hosted login form at `authUrl` as the member (or cancels) and returns where the page redirects. */
export async function submitHostedLogin(
  platform: ReturnType<typeof createMockPlatform>,
  authUrl: string,
  action: 'login' | 'cancel' = 'login',
): Promise<string> {
  const response = await platform.fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(action === 'cancel' ? { action } : { ...MEMBER, action }).toString(),
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || location === null)
    throw new Error(`The hosted page answered ${response.status}`);
  return location;
}

/** The hidden frame the library inserted, if any. */
export const hiddenFrame = () =>
  document.querySelector<HTMLIFrameElement>('iframe[title="site-identity"]');

/** The code exchanges the platform answered. */
export const codeExchanges = (platform: ReturnType<typeof createMockPlatform>) =>
  platform.state.requests.filter((request) => request.grantType === 'authorization_code');

/** The redirect-session calls the platform answered. */
export const redirectSessionCalls = (platform: ReturnType<typeof createMockPlatform>) =>
  platform.state.requests.filter((request) => request.path.endsWith('/v1/redirect-session'));

/**
 * Resolves with the next hidden frame the library inserts, and a promise of its
 * page load (listened to from the moment it is inserted).
 */
export function nextFrame(): Promise<{ frame: HTMLIFrameElement; loaded: Promise<unknown> }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const frame = hiddenFrame();
      if (!frame) return;
      observer.disconnect();
      resolve({
        frame,
        loaded: new Promise((done) => frame.addEventListener('load', done, { once: true })),
      });
    });
    observer.observe(document.body, { childList: true });
  });
}

/** The message the hosted page at `url` posts to its parent (what its inline script would send). */
export async function hostedPageMessage(
  platform: ReturnType<typeof createMockPlatform>,
  url: string,
): Promise<Record<string, string>> {
  const html = await (await platform.fetch(url)).text();
  const match = /postMessage\((\{.*?\}),/.exec(html);
  if (!match) throw new Error('The hosted page posts no message');
  return JSON.parse(match[1]!) as Record<string, string>;
}

/** Posts `data` to the page as the frame would: from its window, at its origin (both overridable). */
export function postFromFrame(
  frame: HTMLIFrameElement,
  data: unknown,
  overrides: { origin?: string; source?: Window | null } = {},
): void {
  const { origin = new URL(frame.src).origin, source = frame.contentWindow } = overrides;
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

/** The session token of a platform session of the test member. */
export function memberSessionToken(platform: ReturnType<typeof createMockPlatform>): string {
  const member = platform.state.findMember(MEMBER.email);
  if (!member) throw new Error('No test member');
  return platform.state.createSession(member.id);
}

/** Values that are not a redirect client, for the checks of the separate imports that take one. */
export const NOT_REDIRECTS = [
  ['nothing', undefined],
  ['an object of the same shape', { getAuthUrl: () => undefined }],
  ['a string', 'redirects'],
] as const;

/** What a separate import rejects one of {@link NOT_REDIRECTS} with. */
export const NOT_REDIRECTS_ERROR = {
  name: 'RedirectsError',
  code: 'INVALID_ARGUMENT',
  message: expect.stringMatching(
    /^redirects must be a redirect client made by createRedirects of @site-identity\/redirects; got /,
  ) as unknown,
};

/**
 * A stand-in for the window `window.open` returns: `about:blank` of this page's origin
 * until it is sent elsewhere, then the hosted page of another origin, whose address can
 * no longer be read (as in a browser). It records where it is sent.
 */
export function fakePopup({ crossOrigin = false } = {}) {
  const visited: string[] = [];
  const popup = {
    closed: false,
    visited,
    location: {
      get href(): string {
        if (crossOrigin || visited.length > 0)
          throw new DOMException(
            'Blocked a frame from accessing a cross-origin frame',
            'SecurityError',
          );
        return 'about:blank';
      },
      replace: (url: string) => void visited.push(url),
    },
    close: vi.fn(() => void (popup.closed = true)),
  };
  return popup;
}

/** A {@link fakePopup}. */
export type FakePopup = ReturnType<typeof fakePopup>;

/** Resolves with the `nth` address the popup has been sent to (1: the first). */
export async function navigated(popup: FakePopup, nth = 1): Promise<string> {
  await vi.waitFor(() => expect(popup.visited.length).toBeGreaterThanOrEqual(nth));
  return popup.visited[nth - 1]!;
}

/** What the hosted page posts to its opener, from `popup`, at the page's origin. */
export function postFromPopup(popup: object, data: unknown, origin: string) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin, source: popup as unknown as Window }),
  );
}

/**
 * Lets the check page the popup shows first answer as the platform's page does (the
 * message it posts, from the popup at its origin); resolves with the login page the
 * popup is sent to next.
 */
export async function passCheck(
  platform: ReturnType<typeof createMockPlatform>,
  popup: FakePopup,
): Promise<string> {
  const check = await navigated(popup);
  expect(new URL(check).searchParams.get('prompt')).toBe('none');
  postFromPopup(popup, await hostedPageMessage(platform, check), new URL(check).origin);
  return navigated(popup, 2);
}

/** Signs in on the `web_message` hosted page at `url` as the member (the form's POST): the message the page posts. */
export async function signInOnHostedPage(
  platform: ReturnType<typeof createMockPlatform>,
  url: string,
): Promise<Record<string, string>> {
  const answer = await platform.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...MEMBER, action: 'login' }).toString(),
  });
  const match = /postMessage\((\{.*?\}),/.exec(await answer.text());
  if (!match) throw new Error('The hosted page posts no message');
  return JSON.parse(match[1]!) as Record<string, string>;
}
