// An app whose instances are created once at module level, without a `window` option,
// tested as it is: installTestBrowser makes the test tab the global window.
import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import {
  installTestBrowser,
  strictListenOptions,
  type InstalledTestBrowser,
} from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';

// The app's module: no factory, no test seam.
const tokens = createTokenManager({ clientId: 'my-app', storage: memoryStorage() });
const redirects = createRedirects({ tokens });
const memberAuth = createMemberAuth({ tokens, redirects });

const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'secret' }],
});
const server = setupServer(...platform.handlers);
let browser: InstalledTestBrowser;
const before = globalThis.window;
beforeAll(() => server.listen(strictListenOptions));
beforeEach(() => void (browser = installTestBrowser(platform)));
afterEach(async () => {
  browser.uninstall();
  expect(globalThis.window).toBe(before);
  await tokens.clear();
  platform.reset();
});
afterAll(() => {
  server.close();
  tokens.dispose();
});

test('module-level instances: a member logs in with e-mail and password', async () => {
  const result = await memberAuth.login({ email: 'ada@example.com', password: 'secret' });
  expect(result.loginState).toBe('SUCCESS');
  expect(tokens.isLoggedIn()).toBe(true);
});

test('module-level instances: a member logs in on the hosted login page', async () => {
  await redirects.loginWithRedirect({ redirectUri: 'http://localhost:3000/callback' });
  expect(browser.url).toMatch(/\/_hosted\//);
  await browser.signIn({ email: 'ada@example.com', password: 'secret' });
  await redirects.completeLogin();
  expect(tokens.isLoggedIn()).toBe(true);
});

test('module-level instances: in happy-dom or jsdom, the installed window is the tab for the tab, the environment for the rest', () => {
  expect(window.location.href).toBe(browser.url);
  if (before === undefined) return; // node: no environment window to fall back on
  // What React 18 reads from the global window while it commits (getActiveElementDeep).
  expect(window.HTMLIFrameElement).toBe(before.HTMLIFrameElement);
  expect(document.activeElement instanceof window.HTMLIFrameElement).toBe(false);
  expect(window.getComputedStyle(document.body)).toBeDefined();
  expect('HTMLElement' in window).toBe(true);
});
