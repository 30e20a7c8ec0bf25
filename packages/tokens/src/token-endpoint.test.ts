import { createHash } from 'node:crypto';
import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { isTokenEndpointError, isTokensError, TokenEndpointError } from './tokens-error';
import { createTokenEndpoint, DEFAULT_TOKEN_URL } from './token-endpoint';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
const NOW = 1_700_000_000_000;
const endpoint = createTokenEndpoint({ clientId: 'client-1', now: () => NOW });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => platform.reset());
afterAll(() => server.close());

const tokenRequests = () =>
  platform.state.requests.filter((entry) => entry.path === '/oauth2/token');

async function failure(promise: Promise<unknown>): Promise<TokenEndpointError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isTokenEndpointError(error))
    throw new Error(`expected a TokenEndpointError, got ${String(error)}`);
  return error;
}

describe('grants', () => {
  test('anonymous: visitor tokens, expiresAt = now + expires_in', async () => {
    const tokens = await endpoint.anonymous();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBe(NOW / 1000 + 3600);
    expect(platform.state.tokens.describe(tokens.accessToken.value)?.role).toBe('visitor');
    expect(tokenRequests()).toMatchObject([
      { method: 'POST', grantType: 'anonymous', status: 200 },
    ]);
  });

  test("refresh keeps a member's role and rotates the refresh token", async () => {
    const issued = platform.state.tokens.issue({
      role: 'member',
      clientId: 'client-1',
      memberId: 'm-1',
    });
    const tokens = await endpoint.refresh({ value: issued.refresh_token, role: 'member' });
    expect(tokens.refreshToken.role).toBe('member');
    expect(tokens.refreshToken.value).not.toBe(issued.refresh_token);
    expect(platform.state.tokens.describe(tokens.accessToken.value)?.memberId).toBe('m-1');
  });

  test('refresh with a bare string is a visitor refresh; without rotation the refresh token stays', async () => {
    platform.state.settings.rotateRefreshTokens = false;
    const visitor = await endpoint.anonymous();
    const tokens = await endpoint.refresh(visitor.refreshToken.value);
    expect(tokens.refreshToken).toEqual({ value: visitor.refreshToken.value, role: 'visitor' });
  });

  test('exchangeCode: member tokens for a code and its PKCE verifier', async () => {
    const codeVerifier = 'v'.repeat(43);
    platform.state.codes.set('code-1', {
      clientId: 'client-1',
      redirectUri: 'https://example.com/callback',
      codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      memberId: 'm-2',
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    const tokens = await endpoint.exchangeCode({
      code: 'code-1',
      codeVerifier,
      redirectUri: 'https://example.com/callback',
    });
    expect(tokens.refreshToken.role).toBe('member');
    expect(platform.state.tokens.describe(tokens.accessToken.value)?.memberId).toBe('m-2');
    const again = await failure(
      endpoint.exchangeCode({
        code: 'code-1',
        codeVerifier,
        redirectUri: 'https://example.com/callback',
      }),
    );
    expect([again.status, again.invalidGrant, again.retryable]).toEqual([400, false, false]);
  });

  test('authorizedClient: snake_case body and "<accessToken>,<secondToken>" authorization', async () => {
    const caller = platform.state.tokens.issue({ role: 'visitor', clientId: 'client-1' });
    const tokens = await endpoint.authorizedClient({
      memberId: 'm-3',
      accessToken: caller.access_token,
      secondToken: 'second',
    });
    expect(tokens.refreshToken.role).toBe('member');
    expect(platform.state.tokens.describe(tokens.accessToken.value)?.memberId).toBe('m-3');
    expect(tokenRequests().at(-1)?.grantType).toBe('authorized_client');
  });
});

describe('failures', () => {
  test('a rejected refresh token is an invalid grant with status text and request id', async () => {
    const error = await failure(endpoint.refresh({ value: 'never-issued', role: 'member' }));
    expect(error).toMatchObject({
      status: 400,
      invalidGrant: true,
      retryable: false,
      code: 'INVALID_GRANT',
      grantType: 'refresh_token',
    });
    expect(error.requestId).toMatch(/\S/);
    expect(error.message).toBe(
      `Failed to fetch tokens from OAuth API: 400 Bad Request from POST https://www.wixapis.com/oauth2/token (the endpoint says: invalid_grant: unknown refresh token), request id: ${error.requestId}`,
    );
    expect(error.message).not.toContain('never-issued');
    // The endpoint's own reason (RFC 6749 §5.2 error_description), for the developer.
    expect(error.description).toBe('unknown refresh token');
  });

  test("an unknown client id: the message carries the endpoint's own reason", async () => {
    const strict = createMockPlatform({
      clients: [{ clientId: 'my-app', redirectUris: ['http://localhost:5173/callback'] }],
    });
    const wrong = createTokenEndpoint({ clientId: 'my-ap', fetch: strict.fetch });
    const error = await failure(wrong.anonymous());
    expect(error).toMatchObject({ status: 401, code: 'REQUEST_REJECTED', invalidGrant: false });
    expect(error.message).toBe(
      `Failed to fetch tokens from OAuth API: 401 Unauthorized from POST https://www.wixapis.com/oauth2/token (the endpoint says: invalid_client: unknown client), request id: ${error.requestId}`,
    );
  });

  test.each([
    [
      'a line break',
      { error: 'invalid_request', error_description: 'bad\r\nX-Fake: 1' },
      'invalid_request: bad X-Fake: 1',
    ],
    ['only error', { error: 'invalid_client' }, 'invalid_client'],
    [
      'a token echoed',
      { error: 'invalid_grant', error_description: 'rt-secret-value-123 is unknown' },
      'invalid_grant: [redacted] is unknown',
    ],
    ['a very long text', { error: 'x'.repeat(500) }, `${'x'.repeat(199)}…`],
  ] as const)(
    "the endpoint's reason with %s is capped and never interpreted",
    async (_name, body, said) => {
      const answering = createTokenEndpoint({
        clientId: 'client-1',
        fetch: async () => Response.json(body, { status: 400, statusText: 'Bad Request' }),
      });
      const error = await failure(answering.refresh('rt-secret-value-123'));
      expect(error.message).toBe(
        `Failed to fetch tokens from OAuth API: 400 Bad Request from POST https://www.wixapis.com/oauth2/token (the endpoint says: ${said})`,
      );
    },
  );

  test('an error answer is judged by its status: a description that is not a string is left out', async () => {
    const odd = createTokenEndpoint({
      clientId: 'client-1',
      fetch: async () =>
        Response.json(
          { error: 'invalid_grant', error_description: { text: 'no' } },
          { status: 401, statusText: 'Unauthorized' },
        ),
    });
    const error = await failure(odd.refresh('rt'));
    expect(error).toMatchObject({
      code: 'INVALID_GRANT',
      kind: 'application',
      status: 401,
      description: undefined,
    });
    // An answer is what came: no cause behind it.
    expect('cause' in error).toBe(false);
  });

  test('a 200 whose body breaks off is a network failure, retryable, never a TypeError', async () => {
    const broken = createTokenEndpoint({
      clientId: 'client-1',
      fetch: async () =>
        new Response(
          new ReadableStream({
            start: (controller) => controller.error(new TypeError('terminated')),
          }),
          { status: 200 },
        ),
    });
    const error = await failure(broken.anonymous());
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      kind: 'network',
      retryable: true,
      invalidGrant: false,
    });
    expect(error.message).toBe(
      'Failed to fetch tokens from OAuth API: Network error: no answer to POST https://www.wixapis.com/oauth2/token',
    );
  });

  test('a reused (rotated) refresh token is an invalid grant', async () => {
    const visitor = await endpoint.anonymous();
    await endpoint.refresh(visitor.refreshToken);
    expect((await failure(endpoint.refresh(visitor.refreshToken))).invalidGrant).toBe(true);
  });

  // retryable as on a PlatformError: network, time-out, 408, 429, 502, 503, 504.
  test.each([
    ['network', { kind: 'network' }, 'NETWORK_ERROR', undefined, true],
    ['503', { kind: 'status', status: 503 }, 'SERVER_ERROR', 503, true],
    ['500', { kind: 'status', status: 500 }, 'SERVER_ERROR', 500, false],
    ['501', { kind: 'status', status: 501 }, 'SERVER_ERROR', 501, false],
    ['504', { kind: 'status', status: 504 }, 'SERVER_ERROR', 504, true],
    ['408', { kind: 'status', status: 408 }, 'TIMEOUT', 408, true],
    ['429', { kind: 'status', status: 429, retryAfterSeconds: 1 }, 'RATE_LIMITED', 429, true],
    ['an HTML error page', { kind: 'html', status: 502 }, 'SERVER_ERROR', 502, true],
    ['an empty 200', { kind: 'empty' }, 'INVALID_RESPONSE', 200, false],
    ['a truncated 200', { kind: 'truncated' }, 'INVALID_RESPONSE', 200, false],
    ['a 200 of the wrong shape', { kind: 'wrong-shape' }, 'INVALID_RESPONSE', 200, false],
    ['an HTML 200', { kind: 'html', status: 200 }, 'INVALID_RESPONSE', 200, false],
  ] as const)(
    '%s is a TokenEndpointError (%s, status %s, retryable %s), never a TypeError',
    async (_name, fault, code, status, retryable) => {
      platform.faults.inject({ path: '/oauth2/token', ...fault });
      const error = await failure(endpoint.anonymous());
      expect(error).toMatchObject({ code, status, retryable, invalidGrant: false });
      expect(error.message).toMatch(/^Failed to fetch tokens from OAuth API: /);
    },
  );

  test('a request that never answers times out', async () => {
    const impatient = createTokenEndpoint({ clientId: 'client-1', timeoutMs: 50 });
    platform.faults.inject({ path: '/oauth2/token', kind: 'timeout' });
    const error = await failure(impatient.anonymous());
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true, status: undefined });
    expect(error.message).toBe(
      'Failed to fetch tokens from OAuth API: Request timed out after 50 ms: POST https://www.wixapis.com/oauth2/token',
    );
  });

  test('a network failure names the method and the path', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'network' });
    const error = await failure(endpoint.anonymous());
    expect(error.message).toBe(
      'Failed to fetch tokens from OAuth API: Network error: no answer to POST https://www.wixapis.com/oauth2/token',
    );
  });

  test.each([
    ['network', { kind: 'network' }, 'network'],
    ['a 503', { kind: 'status', status: 503 }, 'http'],
    ['a 403', { kind: 'status', status: 403 }, 'application'],
    ['a 200 of the wrong shape', { kind: 'wrong-shape' }, 'system'],
  ] as const)('%s carries the kind a PlatformError would give', async (_name, fault, kind) => {
    platform.faults.inject({ path: '/oauth2/token', ...fault });
    expect(await failure(endpoint.anonymous())).toMatchObject({ kind });
  });

  test('an answer without a status text (HTTP/2) still names the status', async () => {
    const http2 = createTokenEndpoint({
      clientId: 'client-1',
      fetch: async () =>
        new Response('{}', { status: 400, headers: { 'x-wix-request-id': 'r-2' } }),
    });
    const error = await failure(http2.refresh('rt'));
    expect(error.message).toBe(
      'Failed to fetch tokens from OAuth API: 400 Bad Request from POST https://www.wixapis.com/oauth2/token, request id: r-2',
    );
  });

  test('an answer without a request id leaves the request id out of the message', async () => {
    const bare = createTokenEndpoint({
      clientId: 'client-1',
      fetch: async () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    const error = await failure(bare.anonymous());
    expect(error.requestId).toBeUndefined();
    expect(error.message).toBe(
      'Failed to fetch tokens from OAuth API: 503 Service Unavailable from POST https://www.wixapis.com/oauth2/token',
    );
  });

  test('a 4xx on another grant is rejected, not an invalid grant', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 403 });
    expect(await failure(endpoint.anonymous())).toMatchObject({
      code: 'REQUEST_REJECTED',
      retryable: false,
      invalidGrant: false,
    });
  });
});

describe('input', () => {
  test.each([
    ['refresh without a value', () => endpoint.refresh({ value: '', role: 'visitor' })],
    ['refresh with null', () => endpoint.refresh(null as unknown as string)],
    [
      'exchangeCode without a verifier',
      () => endpoint.exchangeCode({ code: 'c', codeVerifier: '', redirectUri: 'https://x' }),
    ],
    ['exchangeCode without a request', () => endpoint.exchangeCode(undefined as never)],
    [
      'authorizedClient without a second token',
      () => endpoint.authorizedClient({ memberId: 'm', accessToken: 'a', secondToken: '' }),
    ],
    [
      'authorizedClient with a header-breaking token',
      () => endpoint.authorizedClient({ memberId: 'm', accessToken: 'a\r\n', secondToken: 'b' }),
    ],
  ])('%s rejects with INVALID_ARGUMENT and sends nothing', async (_name, call) => {
    const error = await call().catch((reason: unknown) => reason);
    expect(isTokensError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect(tokenRequests()).toHaveLength(0);
  });

  test.each([
    ['no options', undefined],
    ['an empty client id', { clientId: '' }],
    ['a relative token URL', { clientId: 'c', tokenUrl: '/oauth2/token' }],
    ['a fetch that is not a function', { clientId: 'c', fetch: 'fetch' }],
    ['a zero time-out', { clientId: 'c', timeoutMs: 0 }],
  ])('%s throws INVALID_ARGUMENT', (_name, options) => {
    expect(() => createTokenEndpoint(options as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  test('uses an injected fetch and a custom token URL', async () => {
    const custom = createMockPlatform({ tokenUrl: 'https://auth.example.com/token' });
    const own = createTokenEndpoint({
      clientId: 'c',
      tokenUrl: 'https://auth.example.com/token',
      fetch: (request) => custom.fetch(request),
    });
    await own.anonymous();
    expect(custom.state.requests).toHaveLength(1);
    expect(tokenRequests()).toHaveLength(0);
    expect(DEFAULT_TOKEN_URL).toBe('https://www.wixapis.com/oauth2/token');
  });
});
