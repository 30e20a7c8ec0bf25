import { MockPlatformError } from '../errors';
import type { MockPlatform } from '../platform';
import { createMemoryStorage } from './memory-storage';
import { runPageScripts } from './page-scripts';
import { TestElement } from './test-frame';

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
 * const redirects = createRedirects({ clientId: 'my-app', tokens, window: browser.window });
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

function absolute(value: string, base: string | undefined, name: string): URL {
  try {
    return new URL(value, base);
  } catch (cause) {
    throw new MockPlatformError(`${name} must be an absolute URL`, {
      code: 'INVALID_OPTION',
      cause,
    });
  }
}

/** The page text of the first `role="alert"` element of a hosted page, decoded. */
function alertOf(html: string): string | undefined {
  const text = /role="alert">([^<]*)</.exec(html)?.[1];
  return text?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
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
 * const redirects = createRedirects({ clientId: 'my-app', tokens, window: browser.window });
 * const memberAuth = createMemberAuth({ clientId: 'my-app', tokens, redirects });
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
  let href = absolute(options?.url ?? DEFAULT_URL, undefined, 'url').href;
  let historyState: unknown = null;
  let historyLength = 1;
  const events = new EventTarget();
  const frames: TestElement[] = [];
  const pageErrors: unknown[] = [];
  const origin = (): string => new URL(href).origin;

  const navigate = (url: string | URL): void => {
    href = absolute(String(url), href, 'url').href;
    historyState = null;
    historyLength += 1;
  };

  const setHistory = (state: unknown, url: string | URL | null | undefined, push: boolean) => {
    if (url !== undefined && url !== null) {
      const next = absolute(String(url), href, 'url');
      if (next.origin !== origin())
        throw new DOMException(
          `history cannot show ${next.origin} from ${origin()}`,
          'SecurityError',
        );
      href = next.href;
    }
    historyState = state;
    if (push) historyLength += 1;
  };

  const location = {
    get href() {
      return href;
    },
    set href(value: string) {
      navigate(value);
    },
    assign: navigate,
    replace: (url: string | URL) => {
      navigate(url);
      historyLength -= 1;
    },
    reload: () => undefined,
    toString: () => href,
  };
  for (const part of [
    'origin',
    'protocol',
    'host',
    'hostname',
    'port',
    'pathname',
    'search',
    'hash',
  ] as const) {
    Object.defineProperty(location, part, { enumerable: true, get: () => new URL(href)[part] });
  }

  /** A message from a frame's page to the tab, delivered as a browser would: later, and only to the right origin. */
  const deliver = (
    frame: TestElement,
    source: object,
    from: string,
    data: unknown,
    target: string,
  ) => {
    if (target !== '*' && target !== origin()) return;
    const copy = typeof structuredClone === 'function' ? structuredClone(data) : data;
    queueMicrotask(() => {
      if (frame.contentWindow !== source) return;
      const event = new Event('message');
      Object.defineProperties(event, {
        data: { value: copy },
        origin: { value: from },
        source: { value: source },
        lastEventId: { value: '' },
        ports: { value: [] },
      });
      events.dispatchEvent(event);
    });
  };

  const loadFrame = async (frame: TestElement): Promise<void> => {
    const source = frame.contentWindow;
    if (source === null || frame.src === '') return;
    let url = absolute(frame.src, href, 'src');
    for (let hop = 0; hop < 10; hop += 1) {
      let response: Response;
      try {
        response = await platform.fetch(url.href, { headers: { accept: 'text/html' } });
      } catch {
        break; // a network failure: the frame shows an error page, which still loads
      }
      if (frame.contentWindow !== source) return;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        const next = new URL(location, url);
        if (next.origin !== url.origin) break; // the app's own page: nothing of the platform's runs
        url = next;
        continue;
      }
      if ((response.headers.get('content-type') ?? '').includes('text/html')) {
        const from = url.origin;
        runPageScripts(
          await response.text(),
          {
            location: url,
            parent: { postMessage: (data, target) => deliver(frame, source, from, data, target) },
          },
          (error) => pageErrors.push(error),
        );
      }
      break;
    }
    if (frame.contentWindow === source) frame.dispatchEvent(new Event('load'));
  };

  const body = {
    appendChild<T>(node: T): T {
      if (!(node instanceof TestElement)) {
        throw new TypeError('appendChild: only elements of this document can be appended');
      }
      if (!frames.includes(node)) frames.push(node);
      node.connect(body);
      return node;
    },
    removeChild<T>(node: T): T {
      const index = frames.indexOf(node as TestElement);
      if (index >= 0) frames.splice(index, 1);
      (node as TestElement).disconnect();
      return node;
    },
  };
  const started = new WeakMap<TestElement, string>();
  const document = {
    body,
    documentElement: body,
    createElement: (tagName: string) =>
      new TestElement(tagName, (element) => {
        if (element.tagName !== 'IFRAME' || started.get(element) === element.src) return;
        started.set(element, element.src);
        void loadFrame(element);
      }),
    querySelectorAll: (selector: string) =>
      selector.toLowerCase() === 'iframe' ? [...frames] : [],
  };

  const window = {
    location,
    history: {
      get state() {
        return historyState;
      },
      get length() {
        return historyLength;
      },
      scrollRestoration: 'auto',
      pushState: (state: unknown, _unused: string, url?: string | URL | null) =>
        setHistory(state, url, true),
      replaceState: (state: unknown, _unused: string, url?: string | URL | null) =>
        setHistory(state, url, false),
      back: () => undefined,
      forward: () => undefined,
      go: () => undefined,
    },
    document,
    sessionStorage: createMemoryStorage(),
    localStorage: createMemoryStorage(),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    get origin() {
      return origin();
    },
  };

  const submit = async (form: Record<string, string>): Promise<string> => {
    const page = new URL(href);
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
      navigate(new URL(location, page));
      return href;
    }
    if (response.ok) return href;
    const message = alertOf(await response.text());
    throw new MockPlatformError(
      `the hosted page ${page.pathname} answered ${response.status}${message ? `: ${message}` : ''}`,
      { code: 'HOSTED_SIGN_IN_FAILED' },
    );
  };

  return {
    window: window as unknown as Window,
    get url() {
      return href;
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
