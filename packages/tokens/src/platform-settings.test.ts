import { expect, test } from 'vitest';
import { createTokenManager } from './token-manager';

test('apiBaseUrl and fetch are set once: the token URL follows apiBaseUrl, and both are exposed', async () => {
  const urls: string[] = [];
  const fetch = async (request: Request) => {
    urls.push(request.url);
    return Response.json({ access_token: 'at', refresh_token: 'rt', expires_in: 3600 });
  };
  const manager = createTokenManager({
    clientId: 'c',
    apiBaseUrl: 'http://127.0.0.1:4420/',
    fetch,
    crossTab: false,
  });
  expect(manager.apiBaseUrl).toBe('http://127.0.0.1:4420');
  expect(manager.fetch).toBe(fetch);
  await manager.getAccessToken();
  expect(urls).toEqual(['http://127.0.0.1:4420/oauth2/token']);
  manager.dispose();
});

test('the clientId is exposed for createRedirects and createMemberAuth to inherit', () => {
  const manager = createTokenManager({ clientId: 'my-client-id', crossTab: false });
  expect(manager.clientId).toBe('my-client-id');
  manager.dispose();
});
