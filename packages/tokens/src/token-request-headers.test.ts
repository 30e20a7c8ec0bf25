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
/** Extra headers that name the library's own, in other letter cases. */
const ownHeaders = {
  'client-binding': 'b-1',
  Authorization: 'x',
  ACCEPT: 'text/html',
  'content-type': 'text/plain',
};

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
  test("no value of any shape replaces the library's own headers: a hand-written { headers() } on the anonymous grant", async () => {
    const handWritten = { headers: () => new Headers({ authorization: 'x', accept: 'text/html' }) };
    const endpoint = createTokenEndpoint({
      clientId: 'client-1',
      tokenRequestHeaders: handWritten as never,
    });
    // A record whose `headers` is not a header value: refused, and nothing is sent.
    await expect(endpoint.anonymous()).rejects.toMatchObject({
      name: 'TokensError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining(
        'tokenRequestHeaders["headers"] must be a header-safe string',
      ),
    });
    expect(seen).toHaveLength(0);
  });

  test.each([
    ['a plain record', (): unknown => ownHeaders],
    ['a plain function', (): unknown => () => ownHeaders],
    ['a function returning Headers', (): unknown => () => new Headers(ownHeaders)],
  ])(
    'the library keeps accept, content-type and authorization over %s naming them',
    async (_kind, make) => {
      const endpoint = createTokenEndpoint({
        clientId: 'client-1',
        tokenRequestHeaders: make() as never,
      });
      await endpoint.anonymous();
      for (const headers of seen) {
        expect(headers.get('authorization')).toBeNull();
        expect(headers.get('accept')).toBe('application/json');
        expect(headers.get('content-type')).toBe('application/json');
      }
      expect(seen.map((headers) => headers.get('client-binding'))).toEqual(['b-1']);
    },
  );

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
        tokenRequestHeaders: headers as unknown as Record<string, string>,
      });
      await expect(endpoint.anonymous()).rejects.toMatchObject({
        name: 'TokensError',
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(name),
      });
      expect(seen).toHaveLength(0);
      // createTokenRequestHeaders checks a record at once, with the same message.
      expect(() => createTokenRequestHeaders(headers as unknown as Record<string, string>)).toThrow(
        expect.objectContaining({ message: expect.stringContaining(name) }),
      );
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
    ['a record', { 'client-binding': 'b' }],
    ['a function', () => ({ 'client-binding': 'b' })],
    ['made by createTokenRequestHeaders', createTokenRequestHeaders({ 'client-binding': 'b' })],
  ])('tokenRequestHeaders may be %s', async (_kind, tokenRequestHeaders) => {
    const endpoint = createTokenEndpoint({ clientId: 'client-1', tokenRequestHeaders });
    const manager = createTokenManager({
      clientId: 'client-1',
      storage: memoryStorage(),
      crossTab: false,
      tokenRequestHeaders,
    });
    await endpoint.anonymous();
    await manager.getTokens();
    expect(seen.map((headers) => headers.get('client-binding'))).toEqual(['b', 'b']);
    manager.dispose();
  });

  test.each([
    ['a string', 'client-binding: b', '"client-binding: b"'],
    ['a number', 7, '7'],
    ['null', null, 'null'],
  ])('tokenRequestHeaders that are %s are refused at creation', (_kind, given, shown) => {
    const expected = expect.objectContaining({
      name: 'TokensError',
      code: 'INVALID_ARGUMENT',
      message: `tokenRequestHeaders must be a record of header values or a function returning one; got ${shown}`,
    });
    const tokenRequestHeaders = given as never;
    expect(() => createTokenEndpoint({ clientId: 'c', tokenRequestHeaders })).toThrow(expected);
    expect(() =>
      createTokenManager({ clientId: 'c', crossTab: false, tokenRequestHeaders }),
    ).toThrow(expected);
    expect(seen).toHaveLength(0);
  });

  test('a function that returns no record is refused per request, and nothing is sent', async () => {
    const endpoint = createTokenEndpoint({
      clientId: 'client-1',
      tokenRequestHeaders: (() => 'client-binding: b') as never,
    });
    await expect(endpoint.anonymous()).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'tokenRequestHeaders() must be a record of header values; got "client-binding: b"',
    });
    expect(seen).toHaveLength(0);
  });
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
