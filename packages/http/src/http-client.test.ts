import { getEventListeners } from 'node:events';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createHttpClient, DEFAULT_TIMEOUT_MS, type HttpClientOptions } from './http-client';
import { isPlatformError, PlatformError } from './platform-error';
import { send } from './send';

const BASE = 'https://www.wixapis.com/_api/iam/authentication';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

async function rejectionOf(promise: Promise<unknown>): Promise<PlatformError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isPlatformError(error)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('requests', () => {
  test('GET resolves with the parsed JSON body; the query leaves out undefined values', async () => {
    server.use(
      http.get(`${BASE}/v1/logout`, ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json({
          query: [...url.searchParams],
          accept: request.headers.get('accept'),
        });
      }),
    );
    const client = createHttpClient({ baseUrl: BASE });
    await expect(
      client.get('/v1/logout', {
        searchParams: {
          clientId: 'c1',
          postLogoutRedirectUri: 'https://site.example/',
          none: undefined,
        },
      }),
    ).resolves.toEqual({
      query: [
        ['clientId', 'c1'],
        ['postLogoutRedirectUri', 'https://site.example/'],
      ],
      accept: 'application/json',
    });
  });

  test('POST sends its body as JSON with a JSON content type and merges headers', async () => {
    server.use(
      http.post(`${BASE}/v2/login`, async ({ request }) =>
        HttpResponse.json({
          body: await request.json(),
          contentType: request.headers.get('content-type'),
          client: request.headers.get('x-client'),
          call: request.headers.get('x-call'),
        }),
      ),
    );
    const client = createHttpClient({
      baseUrl: BASE,
      headers: { 'x-client': 'a', 'x-call': 'client' },
    });
    await expect(
      client.post('/v2/login', { loginId: { email: 'a@b.c' } }, { headers: { 'x-call': 'call' } }),
    ).resolves.toEqual({
      body: { loginId: { email: 'a@b.c' } },
      contentType: 'application/json',
      client: 'a',
      call: 'call',
    });
  });

  test('request() exposes the status, the request id and the headers', async () => {
    server.use(
      http.put(`${BASE}/v1/thing`, () =>
        HttpResponse.json({ ok: true }, { status: 201, headers: { 'x-wix-request-id': 'r-1' } }),
      ),
    );
    const response = await createHttpClient({ baseUrl: BASE }).request('/v1/thing', {
      method: 'PUT',
      body: {},
    });
    expect(response).toMatchObject({ data: { ok: true }, status: 201, requestId: 'r-1' });
    expect(response.headers.get('x-wix-request-id')).toBe('r-1');
  });

  test('a 204 resolves with undefined', async () => {
    server.use(http.delete(`${BASE}/v1/thing`, () => new HttpResponse(null, { status: 204 })));
    await expect(
      createHttpClient({ baseUrl: BASE }).request('/v1/thing', { method: 'DELETE' }),
    ).resolves.toMatchObject({
      data: undefined,
      status: 204,
    });
  });

  test('a custom fetch is used and called with a Request', async () => {
    const fetch = vi.fn(async (request: Request) =>
      Response.json({ url: request.url, method: request.method }),
    );
    const client = createHttpClient({ baseUrl: 'http://localhost:9/api', fetch });
    await expect(client.post('v1/x', { a: 1 })).resolves.toEqual({
      url: 'http://localhost:9/api/v1/x',
      method: 'POST',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('no credentials mode is set on the request (Cloudflare Workers refuse the field)', async () => {
    const NativeRequest = globalThis.Request;
    class WorkersRequest extends NativeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        if (init?.credentials !== undefined)
          throw new TypeError(
            "The 'credentials' field on 'RequestInitializerDict' is not implemented.",
          );
        super(input, init);
      }
    }
    vi.stubGlobal('Request', WorkersRequest);
    try {
      const fetch = vi.fn(async (request: Request) => Response.json({ method: request.method }));
      await expect(
        createHttpClient({ baseUrl: 'http://localhost:9/api', fetch }).post('/v1/x', {}),
      ).resolves.toEqual({ method: 'POST' });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('cdn: true sends the call to the edge host, keeping the path of baseUrl', async () => {
    server.use(
      http.get('https://edge.wixapis.com/my-app/v1/items', ({ request }) =>
        HttpResponse.json({ url: request.url }),
      ),
    );
    const client = createHttpClient({ baseUrl: 'https://www.wixapis.com/my-app', cdn: true });
    expect(client.baseUrl).toBe('https://edge.wixapis.com/my-app');
    await expect(client.get('/v1/items')).resolves.toEqual({
      url: 'https://edge.wixapis.com/my-app/v1/items',
    });
  });

  test.each<[string, () => Response]>([
    [
      'an HTML page',
      () =>
        new HttpResponse('<html>hi</html>', {
          headers: { 'content-type': 'text/html', 'x-wix-request-id': 'r-9' },
        }),
    ],
    ['an empty body', () => new HttpResponse('', { headers: { 'x-wix-request-id': 'r-9' } })],
    [
      'truncated JSON',
      () =>
        new HttpResponse('{"access_token":"ab', {
          headers: { 'content-type': 'application/json', 'x-wix-request-id': 'r-9' },
        }),
    ],
  ])('a 200 with %s rejects with INVALID_RESPONSE', async (_label, response) => {
    server.use(http.get(`${BASE}/v1/x`, response));
    const error = await rejectionOf(createHttpClient({ baseUrl: BASE }).get('/v1/x'));
    expect(error).toMatchObject({
      kind: 'system',
      code: 'INVALID_RESPONSE',
      status: 200,
      requestId: 'r-9',
      retryable: false,
    });
    expect(error.message).toBe('Invalid response: the body is not JSON, request-id: r-9');
    expect(error.message).not.toContain('access_token');
  });

  test('JSON of any shape resolves as unknown for the caller to check', async () => {
    server.use(http.get(`${BASE}/v1/x`, () => HttpResponse.json([1, 'two', null])));
    await expect(createHttpClient({ baseUrl: BASE }).get('/v1/x')).resolves.toEqual([
      1,
      'two',
      null,
    ]);
  });
});

describe('authorization', () => {
  const echo = () =>
    server.use(
      http.get(`${BASE}/v1/me`, ({ request }) =>
        HttpResponse.json({ authorization: request.headers.get('authorization') }),
      ),
    );

  test.each<[string, HttpClientOptions['getAuthorization'], string | null]>([
    ['a raw value, no Bearer prefix', () => 'OauthNG.JWS.abc', 'OauthNG.JWS.abc'],
    ['an async value', async () => 'OauthNG.JWS.async', 'OauthNG.JWS.async'],
    ['undefined: no header', () => undefined, null],
    ['an empty string: no header', () => '', null],
  ])('getAuthorization returning %s', async (_label, getAuthorization, expected) => {
    echo();
    await expect(
      createHttpClient({ baseUrl: BASE, getAuthorization }).get('/v1/me'),
    ).resolves.toEqual({ authorization: expected });
  });

  test('is asked once per call, so a rotated token is picked up', async () => {
    echo();
    let n = 0;
    const client = createHttpClient({ baseUrl: BASE, getAuthorization: () => `token-${++n}` });
    await expect(client.get('/v1/me')).resolves.toEqual({ authorization: 'token-1' });
    await expect(client.get('/v1/me')).resolves.toEqual({ authorization: 'token-2' });
  });

  test("a call's own Authorization header wins and getAuthorization is not asked", async () => {
    echo();
    const getAuthorization = vi.fn(() => 'ignored');
    const client = createHttpClient({ baseUrl: BASE, getAuthorization });
    await expect(
      client.get('/v1/me', { headers: { Authorization: 'access,second' } }),
    ).resolves.toEqual({ authorization: 'access,second' });
    expect(getAuthorization).not.toHaveBeenCalled();
  });

  test.each<[string, HttpClientOptions['getAuthorization']]>([
    [
      'throws',
      () => {
        throw new TypeError('storage exploded with secret-token-value');
      },
    ],
    ['rejects', () => Promise.reject(new Error('secret-token-value'))],
    ['returns a number', () => 42 as unknown as string],
    ['returns a value with a line break', () => 'secret-token-value\r\nx-evil: 1'],
  ])(
    'a getAuthorization that %s fails the call with AUTHORIZATION_FAILED and sends nothing',
    async (_label, getAuthorization) => {
      const handler = vi.fn(() => HttpResponse.json({}));
      server.use(http.get(`${BASE}/v1/me`, handler));
      const error = await rejectionOf(
        createHttpClient({ baseUrl: BASE, getAuthorization }).get('/v1/me'),
      );
      expect(error).toMatchObject({
        kind: 'system',
        code: 'AUTHORIZATION_FAILED',
        retryable: false,
      });
      expect(error.message).not.toContain('secret-token-value');
      expect(handler).not.toHaveBeenCalled();
    },
  );

  test.each<[string, HttpClientOptions['getAuthorization'], string]>([
    [
      'returns a number',
      () => 42 as unknown as string,
      'getAuthorization must return a string or undefined; got number; nothing was sent',
    ],
    [
      'returns a value with a line break',
      () => 'secret-token-value\r\nx-evil: 1',
      'getAuthorization must return a header-safe string; got one with a line break or NUL; nothing was sent',
    ],
    ['throws', () => Promise.reject(new Error('x')), 'getAuthorization failed; nothing was sent'],
  ])('a getAuthorization that %s: the exact message', async (_label, getAuthorization, message) => {
    const error = await rejectionOf(
      createHttpClient({ baseUrl: BASE, getAuthorization }).get('/v1/me'),
    );
    expect(error.message).toBe(message);
  });

  test('no message ever contains the Authorization value', async () => {
    server.use(http.get(`${BASE}/v1/me`, () => HttpResponse.json({}, { status: 500 })));
    const error = await rejectionOf(
      createHttpClient({
        baseUrl: BASE,
        retry: false,
        getAuthorization: () => 'secret-token-value',
      }).get('/v1/me'),
    );
    const cause = error.cause instanceof Error ? error.cause.message : JSON.stringify(error.cause);
    expect(`${error.message} ${cause} ${JSON.stringify(error)}`).not.toContain(
      'secret-token-value',
    );
  });
});

describe('failures without an answer', () => {
  test('a network error rejects with kind network, retryable', async () => {
    server.use(http.post(`${BASE}/v2/login`, () => HttpResponse.error()));
    const error = await rejectionOf(createHttpClient({ baseUrl: BASE }).post('/v2/login', {}));
    expect(error).toMatchObject({
      kind: 'network',
      code: 'NETWORK_ERROR',
      retryable: true,
      status: undefined,
    });
  });

  test('no answer within timeoutMs rejects with kind timeout', async () => {
    vi.useFakeTimers();
    server.use(
      http.post(`${BASE}/v2/login`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const pending = rejectionOf(
      createHttpClient({ baseUrl: BASE, timeoutMs: 500 }).post('/v2/login', {}),
    );
    await vi.advanceTimersByTimeAsync(500);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(error.message).toBe(
      'Request timed out after 500 ms: POST https://www.wixapis.com/_api/iam/authentication/v2/login',
    );
  });

  test(`every request has a default time-out of ${DEFAULT_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    server.use(
      http.post(`${BASE}/v2/login`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    let settled = false;
    const pending = rejectionOf(createHttpClient({ baseUrl: BASE }).post('/v2/login', {})).finally(
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout' });
  });

  test('an aborted signal rejects with kind aborted, before or during the call', async () => {
    server.use(
      http.post(`${BASE}/v2/login`, async () => {
        await delay(50);
        return HttpResponse.json({});
      }),
    );
    const client = createHttpClient({ baseUrl: BASE });
    const before = await rejectionOf(client.post('/v2/login', {}, { signal: AbortSignal.abort() }));
    expect(before).toMatchObject({ kind: 'aborted', code: 'ABORTED', retryable: false });
    const controller = new AbortController();
    const during = rejectionOf(client.post('/v2/login', {}, { signal: controller.signal }));
    controller.abort();
    await expect(during).resolves.toMatchObject({ kind: 'aborted', code: 'ABORTED' });
  });
});

describe('bad input is a typed error, never a TypeError', () => {
  test.each<[string, () => unknown]>([
    ['no options', () => createHttpClient(undefined as unknown as HttpClientOptions)],
    ['a relative baseUrl', () => createHttpClient({ baseUrl: '/api' })],
    ['a zero timeout', () => createHttpClient({ baseUrl: BASE, timeoutMs: 0 })],
    ['a huge timeout', () => createHttpClient({ baseUrl: BASE, timeoutMs: 2 ** 40 })],
    ['a negative retry limit', () => createHttpClient({ baseUrl: BASE, retry: { limit: -1 } })],
    ['a fractional retry limit', () => createHttpClient({ baseUrl: BASE, retry: { limit: 1.5 } })],
    [
      'a fetch that is not a function',
      () => createHttpClient({ baseUrl: BASE, fetch: 'no' as unknown as typeof fetch }),
    ],
    [
      'a getAuthorization that is not a function',
      () =>
        createHttpClient({ baseUrl: BASE, getAuthorization: 'token' as unknown as () => string }),
    ],
  ])('createHttpClient with %s throws INVALID_OPTIONS', (_label, create) => {
    expect(create).toThrow(PlatformError);
    try {
      create();
    } catch (error) {
      expect(error).toMatchObject({ kind: 'system', code: 'INVALID_OPTIONS' });
    }
  });

  const client = createHttpClient({ baseUrl: BASE });
  test.each<[string, () => Promise<unknown>, string]>([
    ['an absolute URL as path', () => client.get('https://evil.example/x'), 'INVALID_OPTIONS'],
    ['a bad per-call timeout', () => client.get('/x', { timeoutMs: -1 }), 'INVALID_OPTIONS'],
    [
      'a header with a line break',
      () => client.get('/x', { headers: { 'x-a': 'a\nb' } }),
      'INVALID_OPTIONS',
    ],
    ['a body with a BigInt', () => client.post('/x', { n: 1n }), 'INVALID_REQUEST_BODY'],
    [
      'a circular body',
      () => {
        const body: Record<string, unknown> = {};
        body['self'] = body;
        return client.post('/x', body);
      },
      'INVALID_REQUEST_BODY',
    ],
    ['a function as body', () => client.post('/x', () => 1), 'INVALID_REQUEST_BODY'],
  ])('a call with %s rejects with %s', async (_label, call, code) => {
    await expect(rejectionOf(call())).resolves.toMatchObject({ kind: 'system', code });
  });
});

const URL_ = 'https://www.wixapis.com/oauth2/token?secret=never-shown';

describe('send', () => {
  test('POSTs JSON and resolves with the parsed answer and its request id', async () => {
    server.use(
      http.post('https://www.wixapis.com/oauth2/token', async ({ request }) =>
        HttpResponse.json(
          { body: await request.json(), type: request.headers.get('content-type') },
          { headers: { 'x-wix-request-id': 'r-1' } },
        ),
      ),
    );
    await expect(
      send({ method: 'POST', url: URL_, body: { a: 1 } }, { timeoutMs: 1000 }),
    ).resolves.toMatchObject({
      data: { body: { a: 1 }, type: 'application/json' },
      status: 200,
      requestId: 'r-1',
    });
  });

  test.each([['accept'], ['Accept'], ['ACCEPT']])(
    "a caller's %s header replaces the default accept, whatever its letter case",
    async (name) => {
      server.use(
        http.get('https://www.wixapis.com/oauth2/token', ({ request }) =>
          HttpResponse.json({ accept: request.headers.get('accept') }),
        ),
      );
      const answer = await send(
        { method: 'GET', url: URL_, headers: { [name]: 'application/problem+json' } },
        { timeoutMs: 1000 },
      );
      expect(answer.data).toEqual({ accept: 'application/problem+json' });
    },
  );

  test('a network error names the method and the path, never the query', async () => {
    server.use(http.post('https://www.wixapis.com/oauth2/token', () => HttpResponse.error()));
    const error = await rejectionOf(send({ method: 'POST', url: URL_ }, { timeoutMs: 1000 }));
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', retryable: true });
    expect(error.message).toBe(
      'Network error: no answer to POST https://www.wixapis.com/oauth2/token',
    );
  });

  test('a time-out names the method, the path and the time-out, even when fetch ignores the signal', async () => {
    vi.useFakeTimers();
    const deaf = () => new Promise<Response>(() => undefined);
    const pending = rejectionOf(
      send({ method: 'POST', url: URL_ }, { timeoutMs: 50, fetch: deaf }),
    );
    await vi.advanceTimersByTimeAsync(50);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(error.message).toBe(
      'Request timed out after 50 ms: POST https://www.wixapis.com/oauth2/token',
    );
  });

  test("the caller's signal aborts the request, before or during it", async () => {
    server.use(
      http.post('https://www.wixapis.com/oauth2/token', async () => {
        await delay(50);
        return HttpResponse.json({});
      }),
    );
    const before = await rejectionOf(
      send({ method: 'POST', url: URL_, signal: AbortSignal.abort() }, { timeoutMs: 1000 }),
    );
    expect(before).toMatchObject({ kind: 'aborted', code: 'ABORTED' });
    expect(before.message).toBe('Request aborted: POST https://www.wixapis.com/oauth2/token');
    const controller = new AbortController();
    const during = rejectionOf(
      send({ method: 'POST', url: URL_, signal: controller.signal }, { timeoutMs: 1000 }),
    );
    controller.abort();
    await expect(during).resolves.toMatchObject({ kind: 'aborted' });
  });

  test('a time-out while getAuthorization answers slowly ends the call, even when fetch ignores the signal', async () => {
    vi.useFakeTimers();
    const deaf = vi.fn(() => new Promise<Response>(() => undefined));
    const slowAuthorization = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve('Bearer t'), 80));
    const pending = rejectionOf(
      send(
        { method: 'POST', url: URL_ },
        { timeoutMs: 50, fetch: deaf, getAuthorization: slowAuthorization },
      ),
    );
    await vi.advanceTimersByTimeAsync(80);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(error.message).toBe(
      'Request timed out after 50 ms: POST https://www.wixapis.com/oauth2/token',
    );
    expect(deaf).not.toHaveBeenCalled();
  });

  test('a signal that is not an AbortSignal is refused as an option, naming it; nothing is sent', async () => {
    const fetch = vi.fn(async () => Response.json({}));
    const error = await rejectionOf(
      send(
        { method: 'GET', url: URL_, signal: 'stop' as unknown as AbortSignal },
        { timeoutMs: 1000, fetch },
      ),
    );
    expect(error).toMatchObject({ kind: 'system', code: 'INVALID_OPTIONS' });
    expect(error.message).toBe('request.signal must be an AbortSignal; got "stop"');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a custom fetch is called with a Request', async () => {
    const fetch = vi.fn(async (request: Request) => Response.json({ method: request.method }));
    await expect(
      send({ method: 'GET', url: 'http://localhost:9/x' }, { timeoutMs: 1000, fetch }),
    ).resolves.toMatchObject({ data: { method: 'GET' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a long-lived caller signal', () => {
  test('keeps no abort listener per call, with send or with the client', async () => {
    server.use(http.get('https://www.wixapis.com/x', () => HttpResponse.json({})));
    const { signal } = new AbortController();
    const client = createHttpClient({ baseUrl: 'https://www.wixapis.com' });
    for (let i = 0; i < 100; i++) {
      await send({ method: 'GET', url: 'https://www.wixapis.com/x', signal }, { timeoutMs: 1000 });
      await client.get('/x', { signal });
    }
    expect(getEventListeners(signal, 'abort').length).toBeLessThan(5);
  }, 30_000);
});
