import { describe, expect, test } from 'vitest';
import { memoryCoordinator } from './coordinator';
import { serverConfig } from './server-config';
import type { ServerIdentityOptions } from './server-identity-types';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const base = { clientId: 'my-client', secret: SECRET };

describe('serverConfig (the options of createServerIdentity)', () => {
  test('defaults', () => {
    const config = serverConfig(base);
    expect(config).toMatchObject({
      clientId: 'my-client',
      basePath: '/auth',
      cookieName: 'site-identity',
      apiBaseUrl: 'https://www.wixapis.com',
      tokenUrl: 'https://www.wixapis.com/oauth2/token',
      fetch: undefined,
      exposeAccessToken: false,
      sessionMaxAgeSeconds: 7 * 86_400,
      leewaySeconds: 60,
      now: Date.now,
    });
    expect(typeof config.coordinator.claim).toBe('function');
  });

  test('given values; URLs lose their trailing slash; the token URL follows the API base', () => {
    const now = () => 0;
    const coordinator = memoryCoordinator(now);
    const config = serverConfig({
      ...base,
      basePath: '/api/identity',
      cookieName: 'my_session',
      apiBaseUrl: 'http://localhost:4481/',
      exposeAccessToken: true,
      sessionMaxAgeSeconds: 3600,
      leewaySeconds: 0,
      now,
      coordinator,
    });
    expect(config).toMatchObject({
      basePath: '/api/identity',
      cookieName: 'my_session',
      apiBaseUrl: 'http://localhost:4481',
      tokenUrl: 'http://localhost:4481/oauth2/token',
      exposeAccessToken: true,
      sessionMaxAgeSeconds: 3600,
      leewaySeconds: 0,
      now,
      coordinator,
    });
  });

  test.each<[Partial<Record<keyof ServerIdentityOptions, unknown>>, string]>([
    [{ clientId: '' }, 'clientId must be a non-empty string; got an empty string'],
    [{ clientId: 7 }, 'clientId must be a non-empty string; got 7'],
    [
      { basePath: '/auth/' },
      'basePath must be a path such as "/auth" (no trailing slash); got "/auth/"',
    ],
    [{ cookieName: 'a b' }, 'cookieName must be letters, digits, "_" and "-"; got "a b"'],
    [
      { apiBaseUrl: 'www.wixapis.com' },
      'apiBaseUrl must be an absolute http or https URL; got "www.wixapis.com"',
    ],
    [
      { tokenUrl: 'ftp://x/token' },
      'tokenUrl must be an absolute http or https URL; got "ftp://x/token"',
    ],
    [{ fetch: 'fetch' }, 'fetch must be a function; got "fetch"'],
    [
      { sessionMaxAgeSeconds: 1.5 },
      'sessionMaxAgeSeconds must be a whole number of seconds above 0; got 1.5',
    ],
    [{ leewaySeconds: -1 }, 'leewaySeconds must be a number ≥ 0; got -1'],
    [{ now: null }, 'now must be a function; got null'],
    [
      { coordinator: { read: () => null } },
      'coordinator must be a SessionCoordinator (read, claim, publish, release); got an object',
    ],
  ])('%j → %s', (bad, message) => {
    let thrown: unknown;
    try {
      serverConfig({ ...base, ...bad } as ServerIdentityOptions);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      name: 'ServerIdentityError',
      code: 'INVALID_ARGUMENT',
      message,
    });
  });

  test('options that are not an object: clientId is named first', () => {
    expect(() => serverConfig(undefined as never)).toThrow(
      'clientId must be a non-empty string; got undefined',
    );
  });
});
