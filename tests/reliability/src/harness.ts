// The shared set-up of the reliability suite: one emulated platform behind MSW per
// test file (unhandled requests are errors), a fresh browser state per test, the
// library wired as an app wires it, and helpers to drive a hosted login.
import { isPlatformError } from '@site-identity/http';
import {
  isMemberAuthError,
  createMemberAuth,
  type LoginResult,
  type MemberAuth,
} from '@site-identity/member-auth';
import {
  createMockPlatform,
  type MemberInput,
  type MockPlatform,
  type MockPlatformOptions,
} from '@site-identity/mock-platform';
import { isPkceError } from '@site-identity/pkce';
import {
  createRedirects,
  isRedirectsError,
  type Redirects,
  type RedirectsOptions,
} from '@site-identity/redirects';
import {
  createTokenManager,
  isTokensError,
  webStorage,
  type TokenManager,
  type TokenManagerOptions,
  type Tokens,
} from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { collectError, harvest, rememberSecret, rememberSecretsInUrl } from './leak-watch';

export const CLIENT_ID = 'reliability-app';
export const PAGE_ORIGIN = 'http://localhost:3000';
export const REDIRECT_URI = `${PAGE_ORIGIN}/callback`;
export const TOKEN_KEY = `site-identity:${CLIENT_ID}:tokens`;
export const RECORD_PREFIX = `site-identity:${CLIENT_ID}:`;

export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' } as const;
export const MFA_MEMBER = {
  email: 'grace@example.com',
  password: 'a second factor too',
  mfa: { factorType: 'totp', totpCode: '123456' },
} as const satisfies MemberInput;

/** One answer the platform gave through MSW. */
export interface Answer {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly status: number;
  readonly requestId: string | null;
}

/** The library as an app wires it, over the browser's storages. */
export interface World {
  readonly tokens: TokenManager;
  readonly redirects: Redirects;
  readonly auth: MemberAuth;
  /** Every URL the library navigated the page to. */
  readonly navigations: string[];
}

const hasWindow = typeof window !== 'undefined';

/**
 * One emulated platform behind an MSW server for the test file. Before each test:
 * a reset platform, empty storages, the page at `PAGE_ORIGIN/`. After each: faults
 * cleared (hanging requests released), managers disposed, frames removed.
 */
export function usePlatform(options: MockPlatformOptions = {}) {
  const platform: MockPlatform = createMockPlatform({ members: [MEMBER, MFA_MEMBER], ...options });
  const server = setupServer(...platform.handlers);
  const answers: Answer[] = [];
  const requestUrls: string[] = [];
  const requestBodies: { url: string; body: string }[] = [];
  const managers: TokenManager[] = [];

  server.events.on('request:start', ({ request }) => {
    requestUrls.push(request.url);
    harvest(request);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void request
        .clone()
        .text()
        .then((body) => void requestBodies.push({ url: request.url, body }))
        .catch(() => undefined);
    }
  });
  server.events.on('response:mocked', ({ request, response }) => {
    answers.push({
      method: request.method,
      url: request.url,
      path: new URL(request.url).pathname,
      status: response.status,
      requestId: response.headers.get('x-wix-request-id'),
    });
    rememberSecretsInUrl(response.headers.get('location'));
    harvest(response);
  });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    platform.reset();
    answers.length = 0;
    requestUrls.length = 0;
    requestBodies.length = 0;
    if (hasWindow) {
      localStorage.clear();
      sessionStorage.clear();
      history.replaceState(null, '', `${PAGE_ORIGIN}/`);
    }
  });
  afterEach(() => {
    platform.faults.clear();
    for (const manager of managers.splice(0)) manager.dispose();
    if (hasWindow) for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });
  afterAll(() => server.close());

  /** A token manager, redirect client and member client over `localStorage` / `sessionStorage`. */
  function createWorld(
    overrides: {
      tokens?: Partial<TokenManagerOptions>;
      redirects?: Partial<RedirectsOptions>;
    } = {},
  ): World {
    const navigations: string[] = [];
    const tokens = createTokenManager({
      clientId: CLIENT_ID,
      storage: webStorage(localStorage),
      crossTab: false,
      ...overrides.tokens,
    });
    managers.push(tokens);
    const redirects = createRedirects({
      clientId: CLIENT_ID,
      tokens,
      navigate: (url) => void navigations.push(url),
      ...overrides.redirects,
    });
    const auth = createMemberAuth({ clientId: CLIENT_ID, tokens, redirects });
    return { tokens, redirects, auth, navigations };
  }

  /** Tokens the platform really issued (so it accepts them), remembered as secrets. */
  function issueTokens(
    role: 'visitor' | 'member',
    { email = MEMBER.email, expired = false } = {},
  ): Tokens {
    const memberId = role === 'member' ? memberIdOf(email) : undefined;
    const pair = platform.state.tokens.issue({ role, clientId: CLIENT_ID, memberId });
    rememberSecret(pair.access_token, 'access token');
    rememberSecret(pair.refresh_token, 'refresh token');
    const nowSeconds = Math.floor(Date.now() / 1000);
    return {
      accessToken: {
        value: pair.access_token,
        expiresAt: expired ? nowSeconds - 10 : nowSeconds + pair.expires_in,
      },
      refreshToken: { value: pair.refresh_token, role },
    };
  }

  function memberIdOf(email: string): string {
    const member = platform.state.findMember(email);
    if (!member) throw new Error(`No member ${email}`);
    return member.id;
  }

  /** A platform session of a member, as a direct login leaves it. */
  function sessionTokenOf(email: string = MEMBER.email): string {
    const token = platform.state.createSession(memberIdOf(email));
    rememberSecret(token, 'session token');
    return token;
  }

  /**
   * Signs in on the hosted page at `authUrl` as `MEMBER` (or cancels) and returns the
   * URL the page redirects back to (the callback URL with `code` and `state`).
   */
  async function submitHostedLogin(
    authUrl: string,
    action: 'login' | 'cancel' = 'login',
  ): Promise<string> {
    const response = await platform.fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        action === 'cancel' ? { action } : { ...MEMBER, action },
      ).toString(),
    });
    const location = response.headers.get('location');
    if (response.status !== 303 || location === null)
      throw new Error(`The hosted page answered ${response.status}`);
    rememberSecretsInUrl(location);
    return location;
  }

  /** `loginWithRedirect` up to the hosted page's answer: resolves with the callback URL. */
  async function hostedLogin(
    world: World,
    login: { originalUri?: string; responseMode?: 'fragment' | 'query' } = {},
  ) {
    await world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI, ...login });
    const authUrl = world.navigations.at(-1);
    if (!authUrl) throw new Error('loginWithRedirect did not navigate');
    return submitHostedLogin(authUrl);
  }

  /** The message the hosted page at `url` posts to its parent (what its inline script sends). */
  async function hostedPageMessage(url: string): Promise<Record<string, string>> {
    const html = await (await platform.fetch(url)).text();
    const match = /postMessage\((\{.*?\}),/.exec(html);
    if (!match?.[1]) throw new Error('The hosted page posts no message');
    const message = JSON.parse(match[1]) as Record<string, string>;
    rememberSecret(message['code'], 'code');
    return message;
  }

  /** The answers to requests whose path starts with `prefix`. */
  const answersTo = (prefix: string): Answer[] =>
    answers.filter((answer) => answer.path.startsWith(prefix));

  return {
    platform,
    server,
    answers,
    answersTo,
    requestUrls,
    requestBodies,
    createWorld,
    issueTokens,
    memberIdOf,
    sessionTokenOf,
    submitHostedLogin,
    hostedLogin,
    hostedPageMessage,
  };
}

/** Whether `value` is one of the library's typed errors (checked by `name`, so across realms). */
export function isTypedError(value: unknown): boolean {
  return (
    isPlatformError(value) ||
    isTokensError(value) ||
    isRedirectsError(value) ||
    isMemberAuthError(value) ||
    isPkceError(value)
  );
}

/** The first `requestId` on `error` or its causes. */
export function requestIdIn(error: unknown, depth = 0): string | undefined {
  if (depth > 6 || typeof error !== 'object' || error === null) return undefined;
  const { requestId, cause } = error as { requestId?: unknown; cause?: unknown };
  return typeof requestId === 'string' && requestId !== ''
    ? requestId
    : requestIdIn(cause, depth + 1);
}

/** Whether `error` or one of its causes says the same call may succeed later. */
export function retryableIn(error: unknown, depth = 0): boolean {
  if (depth > 6 || typeof error !== 'object' || error === null) return false;
  const { retryable, cause } = error as { retryable?: unknown; cause?: unknown };
  return retryable === true || retryableIn(cause, depth + 1);
}

/** Whether `value` looks like a `LoginResult`. */
export function isLoginResult(value: unknown): value is LoginResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { loginState?: unknown }).loginState === 'string'
  );
}

/** How a call ended. */
export type Outcome =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

const realSetTimeout = globalThis.setTimeout;
const realTick = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

/**
 * Runs `act` to the end. With `fakeTime`, timers are faked and the clock is moved
 * on a second at a time (up to 30 s) until the call settles, so a call that only a
 * 10-second time-out can end takes a few milliseconds. Errors and failed results are
 * handed to the leak scan.
 */
export async function settle(act: () => Promise<unknown>, fakeTime = false): Promise<Outcome> {
  const collect = (outcome: Outcome): Outcome => {
    if (!outcome.ok) collectError(outcome.error);
    else if (isLoginResult(outcome.value) && outcome.value.cause) collectError(outcome.value.cause);
    return outcome;
  };
  if (!fakeTime) {
    return collect(
      await act().then(
        (value): Outcome => ({ ok: true, value }),
        (error: unknown): Outcome => ({ ok: false, error }),
      ),
    );
  }
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let done = false;
    const outcome = act().then(
      (value): Outcome => ({ ok: true, value }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    void outcome.then(() => (done = true));
    for (let second = 0; second < 30 && !done; second++) {
      await realTick();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    return collect(await outcome);
  } finally {
    vi.useRealTimers();
  }
}

/** A `Storage` over a `Map`, for code that needs one outside a browser. */
export function mapStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** Every entry of `localStorage` and `sessionStorage`, by storage and key. */
export function storageContents(): Record<string, string> {
  const contents: Record<string, string> = {};
  for (const [name, storage] of [
    ['local', localStorage],
    ['session', sessionStorage],
  ] as const) {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) contents[`${name}:${key}`] = storage.getItem(key) ?? '';
    }
  }
  return contents;
}

/** The hidden frame the library inserted, if any. */
export const hiddenFrame = (): HTMLIFrameElement | null =>
  document.querySelector<HTMLIFrameElement>('iframe[title="site-identity"]');

/** Resolves with the next hidden frame the library inserts. */
export function nextFrame(): Promise<HTMLIFrameElement> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const frame = hiddenFrame();
      if (!frame) return;
      observer.disconnect();
      resolve(frame);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** Posts `data` to the page as a frame would: by default from `frame`'s window, at its page's origin. */
export function postFromFrame(
  frame: HTMLIFrameElement,
  data: unknown,
  overrides: { origin?: string; source?: Window | null } = {},
): void {
  const { origin = new URL(frame.src).origin, source = frame.contentWindow } = overrides;
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}
