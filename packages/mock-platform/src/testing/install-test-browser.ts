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
 * it); only `window` is the tab's while installed.
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
  Object.defineProperty(globalThis, 'window', {
    configurable: true,
    writable: true,
    value: browser.window,
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
