import { createMockPlatform } from '@site-identity/mock-platform';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { memoryStorage } from './storage';
import { createTokenEndpoint } from './token-endpoint';
import { createTokenManager } from './token-manager';
import { createTokenRequestHeaders } from './token-request-headers';

const platform = createMockPlatform();
const server = setupServer(...platform.handlers);
const seen: Headers[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => void seen.push(request.headers));
});
afterEach(() => {
  platform.reset();
  seen.length = 0;
});
afterAll(() => server.close());

describe('tokenRequestHeaders', () => {
  test('every grant of the endpoint carries them; the library keeps its own content type and authorization', async () => {
    const endpoint = createTokenEndpoint({
      clientId: 'client-1',
      tokenRequestHeaders: createTokenRequestHeaders({
        'client-binding': 'binding-1',
        'Content-Type': 'text/plain',
        Accept: 'text/html',
        authorization: 'forged',
      }),
    });
    const visitor = await endpoint.anonymous();
    await endpoint.refresh(visitor.refreshToken);
    await endpoint.authorizedClient({
      memberId: 'm-1',
      accessToken: visitor.accessToken.value,
      secondToken: 'second',
    });
    expect(seen.map((headers) => headers.get('client-binding'))).toEqual([
      'binding-1',
      'binding-1',
      'binding-1',
    ]);
    expect(seen.map((headers) => headers.get('content-type'))).toEqual(
      Array(3).fill('application/json'),
    );
    expect(seen.map((headers) => headers.get('accept'))).toEqual(Array(3).fill('application/json'));
    expect(seen[0]!.get('authorization')).toBeNull();
    expect(seen[2]!.get('authorization')).toBe(`${visitor.accessToken.value},second`);
  });

  test('a function is asked once per request, and the token manager passes it on', async () => {
    let calls = 0;
    const manager = createTokenManager({
      clientId: 'client-1',
      storage: memoryStorage(),
      crossTab: false,
      tokenRequestHeaders: createTokenRequestHeaders(() => ({ 'client-binding': `b-${++calls}` })),
    });
    await manager.getTokens();
    await manager.refresh();
    expect(seen.map((headers) => headers.get('client-binding'))).toEqual(['b-1', 'b-2']);
    manager.dispose();
  });

  test.each([
    [{ 'client-binding': 'a\r\nx-injected: 1' }, 'tokenRequestHeaders["client-binding"]'],
    [{ 'bad name': 'v' }, 'tokenRequestHeaders["bad name"]'],
    [{ 'client-binding': 7 }, 'tokenRequestHeaders["client-binding"]'],
  ])(
    'a header that cannot be sent is a typed error naming it, and nothing is sent: %j',
    async (headers, name) => {
      const endpoint = createTokenEndpoint({
        clientId: 'client-1',
        tokenRequestHeaders: createTokenRequestHeaders(
          headers as unknown as Record<string, string>,
        ),
      });
      await expect(endpoint.anonymous()).rejects.toMatchObject({
        name: 'TokensError',
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(name),
      });
      expect(seen).toHaveLength(0);
    },
  );

  test('a value is sent trimmed of surrounding white space, as fetch sends it', async () => {
    const endpoint = createTokenEndpoint({
      clientId: 'client-1',
      tokenRequestHeaders: createTokenRequestHeaders({ 'client-binding': ' binding-1\r\n' }),
    });
    await endpoint.anonymous();
    expect(seen.map((headers) => headers.get('client-binding'))).toEqual(['binding-1']);
  });

  test.each(['x', null, 7])(
    'headers that are neither a record nor a function are refused at once: %j',
    (headers) => {
      expect(() => createTokenRequestHeaders(headers as unknown as Record<string, string>)).toThrow(
        expect.objectContaining({
          name: 'TokensError',
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(
            /^headers must be a record of header values or a function returning one; got /,
          ),
        }),
      );
    },
  );

  test.each([
    ['a record', { 'client-binding': 'b' }, 'an object'],
    ['a function', () => ({ 'client-binding': 'b' }), 'a function'],
    ['a string', 'client-binding: b', '"client-binding: b"'],
  ])(
    'tokenRequestHeaders not made by createTokenRequestHeaders (%s) are refused at creation, naming the import',
    (_kind, tokenRequestHeaders, shown) => {
      const expected = expect.objectContaining({
        name: 'TokensError',
        code: 'INVALID_ARGUMENT',
        message: `tokenRequestHeaders must be made by createTokenRequestHeaders of @site-identity/tokens/token-request-headers; got ${shown}`,
      });
      const given = tokenRequestHeaders as never;
      expect(() => createTokenEndpoint({ clientId: 'c', tokenRequestHeaders: given })).toThrow(
        expected,
      );
      expect(() =>
        createTokenManager({ clientId: 'c', crossTab: false, tokenRequestHeaders: given }),
      ).toThrow(expected);
      expect(seen).toHaveLength(0);
    },
  );
});

describe('authorizedClient with a session token', () => {
  test('sends session_token beside member_id', async () => {
    const bodies: unknown[] = [];
    const listener = async ({ request }: { request: Request }) =>
      void bodies.push(await request.clone().json());
    server.events.on('request:start', listener);
    const sessionToken = platform.state.createSession('m-9');
    const caller = platform.state.tokens.issue({ role: 'visitor', clientId: 'client-1' });
    const endpoint = createTokenEndpoint({ clientId: 'client-1' });
    const tokens = await endpoint.authorizedClient({
      memberId: 'm-9',
      accessToken: caller.access_token,
      secondToken: 'api-key',
      sessionToken,
    });
    expect(tokens.refreshToken.role).toBe('member');
    expect(bodies.at(-1)).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: 'm-9',
      session_token: sessionToken,
    });
    server.events.removeListener('request:start', listener);
  });
});
