// A member's whole login in a unit test: the test browser of the mock platform's
// testing entry stands in for the page (hidden frames, the hosted login page, the
// redirect back), so login() completes as it does in a browser.
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { expect, test } from 'vitest';
import { createIdentity } from './identity';
import { platform } from './platform';

test('a member logs in with e-mail and password', async () => {
  const browser = createTestBrowser(platform);
  const { tokens, memberAuth } = createIdentity(browser.window);
  const result = await memberAuth.login({ email: 'ada@example.com', password: 'correct horse' });
  expect(result.loginState).toBe('SUCCESS');
  expect(tokens.isLoggedIn()).toBe(true);
  tokens.dispose();
});

test('a member logs in on the hosted login page and comes back', async () => {
  const browser = createTestBrowser(platform);
  const { tokens, redirects } = createIdentity(browser.window);
  await redirects.loginWithRedirect({
    redirectUri: 'http://localhost:3000/callback',
    originalUri: '/account',
  });
  await browser.signIn({ email: 'ada@example.com', password: 'correct horse' });
  const { originalUri } = await redirects.completeLogin();
  expect(originalUri).toBe('/account');
  expect(tokens.isLoggedIn()).toBe(true);
  tokens.dispose();
});
