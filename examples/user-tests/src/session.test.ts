import { expect, test } from 'vitest';
import { createIdentity } from './identity';
import { platform } from './platform';

test('a new visitor gets visitor tokens with one request', async () => {
  const { tokens } = createIdentity();
  const accessToken = await tokens.getAccessToken();
  expect(platform.state.tokens.describe(accessToken)?.role).toBe('visitor');
  expect(platform.state.requests.map((r) => r.grantType)).toEqual(['anonymous']);
  tokens.dispose();
});

test('a wrong password is a FAILURE result, not an exception', async () => {
  const { tokens, memberAuth } = createIdentity();
  const result = await memberAuth.login({ email: 'ada@example.com', password: 'wrong' });
  expect(result.loginState).toBe('FAILURE');
  expect(tokens.isLoggedIn()).toBe(false);
  tokens.dispose();
});

test('an outage of the token endpoint is a retryable error, and the next call recovers', async () => {
  const { tokens } = createIdentity();
  platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });
  await expect(tokens.getAccessToken()).rejects.toMatchObject({ retryable: true });
  const accessToken = await tokens.getAccessToken();
  expect(platform.state.tokens.describe(accessToken)?.role).toBe('visitor');
  tokens.dispose();
});
