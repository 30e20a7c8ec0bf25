import { isPlatformError } from '@site-identity/http';
import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { isTokenEndpointError, isTokensError } from './tokens-error';
import { memoryStorage } from './storage';
import { createTokenEndpoint } from './token-endpoint';
import { createTokenManager } from './token-manager';
import type { TokenManager } from './token-manager-types';
import type { Tokens } from './types';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
const endpoint = createTokenEndpoint({ clientId: 'client-1' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => platform.reset());
afterAll(() => server.close());

const managers: TokenManager[] = [];
afterEach(() => managers.splice(0).forEach((manager) => manager.dispose()));

function manager(): TokenManager {
  const created = createTokenManager({
    clientId: 'client-1',
    storage: memoryStorage(),
    crossTab: false,
    onError: () => {},
  });
  managers.push(created);
  return created;
}

/** Member tokens the platform knows, already expired so that the next call renews. */
function expiredMemberTokens(): Tokens {
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: 'client-1',
    memberId: 'm-1',
  });
  return {
    accessToken: { value: issued.access_token, expiresAt: Date.now() / 1000 - 60 },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  };
}

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('the token endpoint aborts with its signal', () => {
  test("an aborted signal: http's one abort error (PlatformError ABORTED, kind aborted, not retryable), the reason as cause", async () => {
    const reason = new Error('the page moved on');
    const error = await caught(endpoint.anonymous({ signal: AbortSignal.abort(reason) }));
    expect(isPlatformError(error)).toBe(true);
    expect(isTokenEndpointError(error) || isTokensError(error)).toBe(false);
    expect(error).toMatchObject({
      name: 'PlatformError',
      message: 'Request aborted: POST https://www.wixapis.com/oauth2/token',
      code: 'ABORTED',
      kind: 'aborted',
      retryable: false,
      status: undefined,
      cause: reason,
    });
  });

  test('a signal aborted while the request waits for its answer', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 5000 });
    const controller = new AbortController();
    const pending = caught(endpoint.refresh('rt', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect(await pending).toMatchObject({
      name: 'PlatformError',
      code: 'ABORTED',
      kind: 'aborted',
    });
  });

  test.each([
    ['refresh', () => endpoint.refresh('rt', { signal: AbortSignal.abort() })],
    [
      'exchangeCode',
      () =>
        endpoint.exchangeCode({
          code: 'c',
          codeVerifier: 'v'.repeat(43),
          redirectUri: 'https://site.example/cb',
          signal: AbortSignal.abort(),
        }),
    ],
    [
      'authorizedClient',
      () =>
        endpoint.authorizedClient({
          memberId: 'm-1',
          accessToken: 'a',
          secondToken: 's',
          signal: AbortSignal.abort(),
        }),
    ],
  ])('%s takes a signal too', async (_name, call) => {
    expect(await caught(call())).toMatchObject({ name: 'PlatformError', code: 'ABORTED' });
  });

  test('a signal that is not an AbortSignal is an INVALID_ARGUMENT, before any request', async () => {
    const error = await caught(endpoint.anonymous({ signal: 42 as never }));
    expect(isTokensError(error) && [error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'signal must be an AbortSignal; got 42',
    ]);
    expect(platform.state.requests).toHaveLength(0);
  });
});

describe('the token manager aborts a caller, never the session', () => {
  test('getTokens with an aborted signal rejects with ABORTED; the renewal others share goes on and the member stays', async () => {
    const subject = manager();
    await subject.setTokens(expiredMemberTokens());
    platform.faults.inject({ path: '/oauth2/token', kind: 'latency', latencyMs: 100 });
    const controller = new AbortController();
    const aborted = caught(subject.getTokens({ signal: controller.signal }));
    const other = subject.getTokens();
    controller.abort();
    expect(await aborted).toMatchObject({
      name: 'PlatformError',
      kind: 'aborted',
      code: 'ABORTED',
      message: 'The call was aborted by its signal',
    });
    const renewed = await other;
    expect(renewed.refreshToken.role).toBe('member');
    expect(subject.isLoggedIn()).toBe(true);
    expect(subject.getSnapshot().status).toBe('member');
  });

  test.each([
    ['getTokens', (subject: TokenManager) => subject.getTokens({ signal: AbortSignal.abort() })],
    [
      'getAccessToken',
      (subject: TokenManager) => subject.getAccessToken({ signal: AbortSignal.abort() }),
    ],
    ['refresh', (subject: TokenManager) => subject.refresh({ signal: AbortSignal.abort() })],
    [
      'exchangeCode',
      (subject: TokenManager) =>
        subject.exchangeCode({
          code: 'c',
          codeVerifier: 'v'.repeat(43),
          redirectUri: 'https://site.example/cb',
          signal: AbortSignal.abort(),
        }),
    ],
  ])('%s with an aborted signal: ABORTED, and the member stays', async (_name, call) => {
    const subject = manager();
    const member = expiredMemberTokens();
    await subject.setTokens(member);
    expect(await caught(call(subject))).toMatchObject({ code: 'ABORTED' });
    expect(subject.isLoggedIn()).toBe(true);
    expect(subject.getSnapshot().tokens).toEqual(member);
  });
});
