import { MockPlatformError } from '../mock-platform-error';
import type { MockPlatform } from '../platform';
import { createMemoryStorage } from './memory-storage';
import { createTabAddress, type TabAddress } from './tab-address';
import { createTestDocument } from './test-document';

/**
 * Options of {@link createTestBrowser}.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import { createTestBrowser, type TestBrowserOptions } from '@site-identity/mock-platform/testing';
 *
 * const options: TestBrowserOptions = { url: 'http://localhost:5173/account' };
 * createTestBrowser(createMockPlatform(), options);
 * ```
 */
export interface TestBrowserOptions {
  /** The address the window shows at first. Default `'http://localhost:3000/'`. */
  readonly url?: string;
}

/**
 * What a member types into the hosted login form.
 *
 * @example
 * ```ts
 * import type { HostedCredentials, TestBrowser } from '@site-identity/mock-platform/testing';
 * declare const browser: TestBrowser;
 *
 * const credentials: HostedCredentials = { email: 'ada@example.com', password: 'secret' };
 * await browser.signIn(credentials);
 * ```
 */
export interface HostedCredentials {
  readonly email: string;
  readonly password: string;
}

/**
 * A browser tab, emulated for the library's `window` option, whose pages on the
 * platform are served by the emulator: see {@link createTestBrowser}.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import { createTestBrowser, type TestBrowser } from '@site-identity/mock-platform/testing';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const browser: TestBrowser = createTestBrowser(createMockPlatform());
 * const tokens = createTokenManager({ clientId: 'my-app' });
 * const redirects = createRedirects({ tokens, window: browser.window });
 * ```
 */
export interface TestBrowser {
  /**
   * The tab's window, for `createRedirects({ window })`: `location` (with `assign`,
   * `replace`), `history` (`state`, `pushState`, `replaceState`, same-origin only),
   * `sessionStorage` and `localStorage` in memory, `message` events, and a `document`
   * whose hidden frames load hosted pages from the platform and run their scripts.
   */
  readonly window: Window;
  /** The address the tab shows now. */
  readonly url: string;
  /**
   * Signs in on the hosted login page the tab shows (after `loginWithRedirect`), as a
   * member would: posts the form, follows the platform's redirect and resolves with the
   * new address (the callback URL with `code` and `state`). Rejects with
   * `MockPlatformError` `HOSTED_SIGN_IN_FAILED` (the page's message, e.g. a wrong
   * password) or `NOT_ON_HOSTED_PAGE`.
   */
  signIn(credentials: HostedCredentials): Promise<string>;
  /** Presses Cancel on the hosted login page: resolves with the callback URL carrying `error=access_denied`. */
  cancelSignIn(): Promise<string>;
  /** The frames in the document now (the library removes each one when its step ends). */
  readonly frames: readonly HTMLIFrameElement[];
  /** Errors thrown by scripts of pages loaded in frames, oldest first (none expected). */
  readonly pageErrors: readonly unknown[];
}

const DEFAULT_URL = 'http://localhost:3000/';

/** The page text of the first `role="alert"` element of a hosted page, decoded. */
function alertOf(html: string): string | undefined {
  const text = /role="alert">([^<]*)</.exec(html)?.[1];
  return text?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/**
 * Posts `form` to the hosted page the tab shows and follows the platform's redirect;
 * resolves with the tab's new address. Rejects with `NOT_ON_HOSTED_PAGE` or
 * `HOSTED_SIGN_IN_FAILED` (with the page's alert).
 */
async function submitHostedForm(
  platform: MockPlatform,
  address: TabAddress,
  form: Record<string, string>,
): Promise<string> {
  const page = new URL(address.href);
  if (!page.pathname.startsWith('/_hosted/')) {
    throw new MockPlatformError(
      `the tab shows ${page.origin}${page.pathname}, not a hosted page: call loginWithRedirect first (with the default navigate)`,
      { code: 'NOT_ON_HOSTED_PAGE' },
    );
  }
  const response = await platform.fetch(page.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location !== null) {
    address.navigate(new URL(location, page));
    return address.href;
  }
  if (response.ok) return address.href;
  const message = alertOf(await response.text());
  throw new MockPlatformError(
    `the hosted page ${page.pathname} answered ${response.status}${message ? `: ${message}` : ''}`,
    { code: 'HOSTED_SIGN_IN_FAILED' },
  );
}

/**
 * Creates an emulated browser tab for unit tests of a member's flows with the real
 * library, in vitest's node, happy-dom or jsdom environment alike: pass its `window`
 * to `createRedirects`. Hidden frames load their page from `platform` and run its
 * scripts, so `silentLogin` (and so `memberAuth.login()`) gets the code the hosted
 * page posts, as in a browser; `signIn` fills the hosted login form after
 * `loginWithRedirect`, and `completeLogin()` then reads the callback address. Frames
 * send no cookies (as a browser that blocks third-party cookies), which the library
 * does not need: it hands the session token to the page. Nothing global is touched.
 *
 * @example
 * ```ts
 * import { createMemberAuth } from '@site-identity/member-auth';
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import { createTestBrowser } from '@site-identity/mock-platform/testing';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createTokenManager } from '@site-identity/tokens';
 * import { expect } from 'vitest';
 *
 * // With the platform's handlers served by MSW:
 * const platform = createMockPlatform({ members: [{ email: 'ada@example.com', password: 'secret' }] });
 * const browser = createTestBrowser(platform);
 * const tokens = createTokenManager({ clientId: 'my-app' });
 * const redirects = createRedirects({ tokens, window: browser.window });
 * const memberAuth = createMemberAuth({ tokens, redirects });
 * expect((await memberAuth.login({ email: 'ada@example.com', password: 'secret' })).loginState).toBe('SUCCESS');
 * ```
 */
export function createTestBrowser(
  platform: MockPlatform,
  options: TestBrowserOptions = {},
): TestBrowser {
  if (typeof platform?.fetch !== 'function') {
    throw new MockPlatformError(
      `platform must be a mock platform of createMockPlatform(), got ${platform === null ? 'null' : typeof platform}`,
      { code: 'INVALID_OPTION' },
    );
  }
  const address = createTabAddress(options?.url ?? DEFAULT_URL);
  const events = new EventTarget();
  const pageErrors: unknown[] = [];
  const { document, frames } = createTestDocument({ platform, address, events, pageErrors });
  const window = {
    location: address.location,
    history: address.history,
    document,
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    get origin() {
      return address.origin();
    },
  };
  const submit = (form: Record<string, string>) => submitHostedForm(platform, address, form);

  return {
    window: window as unknown as Window,
    get url() {
      return address.href;
    },
    signIn(credentials) {
      const { email, password } = credentials ?? {};
      if (typeof email !== 'string' || typeof password !== 'string') {
        return Promise.reject(
          new MockPlatformError('signIn needs { email, password } as strings', {
            code: 'INVALID_OPTION',
          }),
        );
      }
      return submit({ email, password, action: 'login' });
    },
    cancelSignIn: () => submit({ action: 'cancel' }),
    get frames() {
      return [...frames] as unknown as HTMLIFrameElement[];
    },
    get pageErrors() {
      return [...pageErrors];
    },
  };
}
