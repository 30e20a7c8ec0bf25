// A module-level app whose test forgot the test tab: login() ends well within vitest's
// default 5 s test time-out, and its developer message says what to pass. In node there
// is no window at all; jsdom and happy-dom have one that never runs the hosted page.
import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import { strictListenOptions } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

const tokens = createTokenManager({ clientId: 'my-app', storage: memoryStorage() });
const redirects = createRedirects({ tokens });
const memberAuth = createMemberAuth({ tokens, redirects });

const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'secret' }],
});
const server = setupServer(...platform.handlers);
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => platform.reset());
afterAll(() => {
  server.close();
  tokens.dispose();
});

test('without a test tab, login fails fast and names what to pass', async () => {
  const started = Date.now();
  const result = await memberAuth.login({ email: 'ada@example.com', password: 'secret' });
  expect(Date.now() - started).toBeLessThan(4000);
  expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'LOGIN_NOT_COMPLETED' });
  expect(result.cause?.message).toMatch(
    /^Logged in, but member tokens could not be obtained: (No browser window: on a server, sign members in with @site-identity\/server \(createServerIdentity, whose login routes complete the login with a top-level redirect and keep the session in a cookie\);|OAuth flow timed out: (jsdom|HappyDOM) does not run the hosted page in a hidden frame;) in tests, pass createRedirects\(\{ window: createTestBrowser\(platform\)\.window \}\) or call installTestBrowser\(platform\), from @site-identity\/mock-platform\/testing$/,
  );
  expect(tokens.isLoggedIn()).toBe(false);
});
