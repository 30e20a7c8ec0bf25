import { expect, test } from 'vitest';
import { createRedirectSession } from './create-redirect-session';
import { createRedirects } from './create-redirects';

test('the redirect session goes to the manager’s apiBaseUrl with its fetch unless given', async () => {
  const urls: string[] = [];
  const tokens = {
    apiBaseUrl: 'https://api.example',
    fetch: async (request: Request) => {
      urls.push(request.url);
      return Response.json({ redirectSession: { fullUrl: 'https://api.example/login' } });
    },
    getAccessToken: async () => 'at',
    clear: () => undefined,
    exchangeCode: async () => {
      throw new Error('not called');
    },
  };
  const redirects = createRedirects({ clientId: 'c', tokens });
  await expect(createRedirectSession(redirects, { login: {} })).resolves.toMatchObject({
    fullUrl: 'https://api.example/login',
  });
  expect(urls).toEqual(['https://api.example/_api/redirects-api/v1/redirect-session']);
});

test('a token that cannot be had rejects with the manager’s own error, and nothing is sent', async () => {
  const urls: string[] = [];
  const failure = new Error('renewal failed');
  const tokens = {
    fetch: async (request: Request) => {
      urls.push(request.url);
      return Response.json({});
    },
    getAccessToken: () => Promise.reject(failure),
    clear: () => undefined,
    exchangeCode: async () => {
      throw new Error('not called');
    },
  };
  const redirects = createRedirects({ clientId: 'c', tokens });
  await expect(createRedirectSession(redirects, { login: {} })).rejects.toBe(failure);
  expect(urls).toEqual([]);
});

test('an intent JSON cannot carry is INVALID_REQUEST_BODY, and nothing is sent', async () => {
  const urls: string[] = [];
  const tokens = {
    fetch: async (request: Request) => {
      urls.push(request.url);
      return Response.json({});
    },
    getAccessToken: async () => 'at',
    clear: () => undefined,
    exchangeCode: async () => {
      throw new Error('not called');
    },
  };
  const redirects = createRedirects({ clientId: 'c', tokens });
  await expect(
    createRedirectSession(redirects, { ecomCheckout: { checkoutId: 1n } } as never),
  ).rejects.toMatchObject({ name: 'PlatformError', code: 'INVALID_REQUEST_BODY' });
  expect(urls).toEqual([]);
});
