// Compiled to CommonJS: every import below is a require() of the package's CJS build.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPlatformError } from '@site-identity/http';
import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform, startMockPlatformServer } from '@site-identity/mock-platform';
import { calculateCodeChallenge, generateCodeVerifier } from '@site-identity/pkce';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';

test('visitor tokens and a login over HTTP, from CommonJS', async () => {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'correct horse' }],
  });
  const server = await startMockPlatformServer({ port: 4501, platform });
  try {
    const tokens = createTokenManager({
      clientId: 'consumer-cjs',
      tokenUrl: `${server.url}/oauth2/token`,
      storage: memoryStorage(),
    });
    await tokens.getAccessToken();
    assert.equal(tokens.getSnapshot().status, 'visitor');
    const redirects = createRedirects({ clientId: 'consumer-cjs', tokens, apiBaseUrl: server.url });
    const memberAuth = createMemberAuth({
      clientId: 'consumer-cjs',
      tokens,
      redirects,
      apiBaseUrl: server.url,
    });
    const result = await memberAuth.login({
      email: 'ada@example.com',
      password: 'wrong',
    });
    assert.equal(result.loginState, 'FAILURE');
    assert.equal(isPlatformError(new Error('not one')), false);
    tokens.dispose();
  } finally {
    await server.close();
  }
});

test('PKCE from CommonJS', async () => {
  const verifier = generateCodeVerifier();
  assert.match(await calculateCodeChallenge(verifier), /^[A-Za-z0-9_-]{43}$/);
});
