import type { MockPlatform } from '../platform';
import { createTestBrowser, type TestBrowser, type TestBrowserOptions } from './test-browser';

/**
 * A {@link TestBrowser} installed as the global `window`, and how to take it out.
 *
 * @example
 * ```ts
 * import type { InstalledTestBrowser } from '@site-identity/mock-platform/testing';
 * declare const browser: InstalledTestBrowser;
 * browser.uninstall();
 * ```
 */
export interface InstalledTestBrowser extends TestBrowser {
  /** Puts back the global `window` that was there before (or none). Safe to call twice. */
  uninstall(): void;
}

/**
 * {@link createTestBrowser}, installed as `globalThis.window` until `uninstall()`, for an
 * app whose instances are created once at module level without a `window` option:
 * `createRedirects` reads the global window at call time, so the app's own
 * `redirects` and `memberAuth` use the test tab unchanged (no factory needed). In
 * happy-dom or jsdom, `document` stays the environment's (React keeps rendering into
 * it), and the installed `window` is the tab's only for what the tab has (`location`,
 * `history`, `document`, the storages, its events, `origin`): everything else is the
 * environment's window (`HTMLIFrameElement`, `getComputedStyle`, timers…), which
 * React 18 reads from the global `window` while it commits.
 *
 * @example
 * ```ts
 * import { createMockPlatform } from '@site-identity/mock-platform';
 * import { installTestBrowser } from '@site-identity/mock-platform/testing';
 * import { afterEach, beforeEach } from 'vitest';
 *
 * const platform = createMockPlatform({ members: [{ email: 'ada@example.com', password: 'secret' }] });
 * let browser: ReturnType<typeof installTestBrowser>;
 * beforeEach(() => void (browser = installTestBrowser(platform)));
 * afterEach(() => browser.uninstall());
 * ```
 */
export function installTestBrowser(
  platform: MockPlatform,
  options?: TestBrowserOptions,
): InstalledTestBrowser {
  const browser = createTestBrowser(platform, options);
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'window');
  const environment: unknown = previous?.get ? previous.get.call(globalThis) : previous?.value;
  Object.defineProperty(globalThis, 'window', {
    configurable: true,
    writable: true,
    value: over(browser.window, environment),
  });
  let installed = true;
  const uninstall = () => {
    if (!installed) return;
    installed = false;
    if (previous) Object.defineProperty(globalThis, 'window', previous);
    else delete (globalThis as { window?: unknown }).window;
  };
  return Object.assign(Object.create(browser) as TestBrowser, { uninstall });
}

/**
 * The tab's window in front of the environment's: a key the tab has is the tab's, any
 * other is read from the environment's window (its methods called on it, so a DOM
 * implementation's own checks of `this` pass). Without an environment window, the tab's.
 */
function over(tab: Window, environment: unknown): Window {
  if (typeof environment !== 'object' || environment === null) return tab;
  return new Proxy(tab, {
    get(target, key) {
      if (key in target) return Reflect.get(target, key) as unknown;
      const value: unknown = Reflect.get(environment, key);
      // Constructors (HTMLIFrameElement, Event…) stay as they are: instanceof and new need them.
      return typeof value === 'function' && !/^[A-Z]/.test(String(key))
        ? (value as () => unknown).bind(environment)
        : value;
    },
    has: (target, key) => key in target || key in environment,
  });
}
