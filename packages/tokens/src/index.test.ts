import { describe, expect, test, vi } from 'vitest';

describe('@site-identity/tokens entry', () => {
  test('importing and constructing touch no window or storage', async () => {
    const touched: string[] = [];
    for (const name of ['window', 'document', 'localStorage', 'sessionStorage']) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => {
          touched.push(name);
          return undefined;
        },
      });
    }
    vi.resetModules();
    const entry = await import('./index');
    entry.createTokenManager({ clientId: 'client-1' });
    entry.createTokenEndpoint({ clientId: 'client-1' });
    entry.memoryStorage();
    for (const name of ['window', 'document', 'localStorage', 'sessionStorage'])
      Reflect.deleteProperty(globalThis, name);
    expect(touched).toEqual([]);
  });

  test('exports exactly its public names', async () => {
    const entry = await import('./index');
    expect(Object.keys(entry).sort()).toEqual([
      'DEFAULT_TOKEN_URL',
      'TokenEndpointError',
      'TokensError',
      'createTokenEndpoint',
      'createTokenManager',
      'isExpired',
      'isTokenEndpointError',
      'isTokens',
      'isTokensError',
      'memoryStorage',
      'webStorage',
    ]);
  });
});
