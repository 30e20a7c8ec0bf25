// Test support (imported by tests only, never by the package's entry).
import { createMockPlatform } from '@site-identity/mock-platform';
import {
  createTokenManager,
  memoryStorage,
  type TokenManager,
  type Tokens,
} from '@site-identity/tokens';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const CLIENT_ID = 'app';
export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' };
/** A resource of the site's own API, served by the emulator's token store. */
export const WHOAMI_URL = 'https://www.wixapis.com/probe/v1/whoami';

export type MockPlatform = ReturnType<typeof createMockPlatform>;

/**
 * One emulated platform behind MSW for a whole test file (unhandled requests are
 * errors), reset between tests, plus `WHOAMI_URL`: a resource that answers 200 with
 * the token's role for a usable access token and 401 for any other, as the
 * platform's APIs do. `whoamiCalls` lists the `Authorization` each call carried.
 */
export function usePlatform() {
  const platform = createMockPlatform({
    members: [{ ...MEMBER, profile: { firstName: 'Ada', lastName: 'Lovelace', nickname: 'Ada' } }],
  });
  const whoamiCalls: (string | null)[] = [];
  const whoami = http.all(WHOAMI_URL, ({ request }) => {
    const authorization = request.headers.get('authorization');
    whoamiCalls.push(authorization);
    const token = authorization && platform.state.tokens.authenticate(authorization);
    return token
      ? HttpResponse.json({ role: token.role, memberId: token.memberId ?? null })
      : HttpResponse.json({ message: 'Unauthorized', details: {} }, { status: 401 });
  });
  const server = setupServer(whoami, ...platform.handlers);
  const managers: TokenManager[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    platform.reset();
    whoamiCalls.length = 0;
  });
  afterEach(() => {
    managers.splice(0).forEach((manager) => manager.dispose());
    for (const frame of globalThis.document?.querySelectorAll('iframe') ?? []) frame.remove();
  });
  afterAll(() => server.close());
  /** A token manager over the emulated platform, disposed after the test. */
  const createManager = (): TokenManager => {
    const manager = createTokenManager({
      clientId: CLIENT_ID,
      storage: memoryStorage(),
      crossTab: false,
      onError: () => {},
    });
    managers.push(manager);
    return manager;
  };
  return { platform, server, whoamiCalls, createManager };
}

/** Token-endpoint requests of `grantType` the platform answered. */
export const grants = (platform: MockPlatform, grantType: string) =>
  platform.state.requests.filter((request) => request.grantType === grantType).length;

/** Tokens the emulator issued for `role`, whose access token expires in `expiresInSeconds` by the client's clock (negative: expired). */
export function issuedTokens(
  platform: MockPlatform,
  role: 'visitor' | 'member',
  expiresInSeconds = 3600,
): Tokens {
  const issued = platform.state.tokens.issue({
    role,
    clientId: CLIENT_ID,
    ...(role === 'member' && { memberId: platform.state.members.values().next().value?.id }),
  });
  return {
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + expiresInSeconds,
    },
    refreshToken: { value: issued.refresh_token, role },
  };
}

/** Submits the hosted login form at `authUrl` as the member and returns where the page redirects. */
export async function submitHostedLogin(platform: MockPlatform, authUrl: string): Promise<string> {
  const response = await platform.fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...MEMBER, action: 'login' }).toString(),
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || location === null)
    throw new Error(`The hosted page answered ${response.status}`);
  return location;
}
