import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createTestBrowser, strictListenOptions } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'secret' }],
});
const server = setupServer(...platform.handlers);
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => platform.reset());
afterAll(() => server.close());

function createClients() {
  const browser = createTestBrowser(platform);
  const tokens = createTokenManager({ clientId: 'my-app', storage: memoryStorage() });
  const redirects = createRedirects({ tokens, window: browser.window });
  const memberAuth = createMemberAuth({ tokens, redirects });
  return { browser, tokens, redirects, memberAuth };
}

test('a member logs in with e-mail and password', async () => {
  const { tokens, memberAuth } = createClients();
  const result = await memberAuth.login({ email: 'ada@example.com', password: 'secret' });
  expect(result.loginState).toBe('SUCCESS');
  expect(tokens.isLoggedIn()).toBe(true);
  tokens.dispose();
});

test('a member logs in on the hosted login page', async () => {
  const { browser, tokens, redirects } = createClients();
  await redirects.loginWithRedirect({ redirectUri: 'http://localhost:3000/callback' });
  await browser.signIn({ email: 'ada@example.com', password: 'secret' });
  await redirects.completeLogin();
  expect(tokens.isLoggedIn()).toBe(true);
  tokens.dispose();
});
