import { isPlatformError } from './platform-error';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { postJson } from './post-json';

const URL_ = 'https://api.example/_api/redirects-api/v1/redirect-session';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const answer = (body: unknown, status: number, statusText?: string) =>
  server.use(
    http.post(
      URL_,
      () =>
        new HttpResponse(JSON.stringify(body), {
          status,
          statusText,
          headers: { 'content-type': 'application/json', 'x-wix-request-id': 'req-1' },
        }),
    ),
  );

describe('postJson', () => {
  test('posts JSON with the raw access token and resolves with the answer', async () => {
    let seen: { authorization: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(URL_, async ({ request }) => {
        seen = {
          authorization: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json(
          { redirectSession: { fullUrl: 'https://x.example/' } },
          { headers: { 'x-wix-request-id': 'req-ok' } },
        );
      }),
    );
    await expect(
      postJson({ url: URL_, body: { login: {} }, authorization: 'at-1' }),
    ).resolves.toEqual({
      data: { redirectSession: { fullUrl: 'https://x.example/' } },
      requestId: 'req-ok',
      status: 200,
      headers: expect.any(Headers),
    });
    expect(seen).toEqual({ authorization: 'at-1', type: 'application/json', body: { login: {} } });
  });

  test.each([
    ['an empty body', ''],
    ['truncated JSON', '{"redirectSession": {"fullUrl'],
    ['an HTML page', '<html><body>ok</body></html>'],
  ])('a 2xx with %s rejects with INVALID_RESPONSE carrying the request id', async (_name, body) => {
    server.use(
      http.post(
        URL_,
        () => new HttpResponse(body, { status: 200, headers: { 'x-wix-request-id': 'req-bad' } }),
      ),
    );
    await expect(postJson({ url: URL_, body: {}, authorization: 'at' })).rejects.toMatchObject({
      name: 'PlatformError',
      code: 'INVALID_RESPONSE',
      requestId: 'req-bad',
      status: 200,
    });
  });

  test('uses the injected fetch', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: 1 }));
    await expect(postJson({ url: URL_, body: {}, authorization: 'at', fetch })).resolves.toEqual({
      data: { ok: 1 },
      requestId: undefined,
      status: 200,
      headers: expect.any(Headers),
    });
    expect(fetch).toHaveBeenCalledWith(expect.any(Request));
  });

  test.each([
    [
      'a validation error',
      400,
      undefined,
      {
        details: {
          validationError: {
            fieldViolations: [
              { field: 'b', description: 'is bad' },
              { field: 'a', description: 'is missing' },
            ],
          },
        },
      },
      {
        kind: 'validation',
        code: 'INVALID_ARGUMENT',
        message: 'INVALID_ARGUMENT: "a" is missing, "b" is bad',
        retryable: false,
      },
    ],
    [
      'an application error',
      428,
      undefined,
      {
        details: {
          applicationError: { code: '-19999', description: 'Not allowed', data: { x: 1 } },
        },
      },
      {
        kind: 'application',
        code: '-19999',
        description: 'Not allowed',
        message: 'Not allowed',
        data: { x: 1 },
      },
    ],
    [
      'a 4xx without details',
      404,
      'Not Found',
      {},
      { kind: 'application', code: 'NOT_FOUND', message: 'Not Found', retryable: false },
    ],
    [
      'a 429',
      429,
      'Too Many Requests',
      {},
      { kind: 'application', code: 'TOO_MANY_REQUESTS', retryable: true },
    ],
    [
      'a 5xx',
      503,
      'Service Unavailable',
      null,
      { kind: 'http', message: 'System error occurred, request-id: req-1', retryable: true },
    ],
  ])('maps %s to a PlatformError', async (_name, status, statusText, body, expected) => {
    answer(body, status, statusText);
    const error = await postJson({ url: URL_, body: {}, authorization: 'at' }).catch(
      (caught: unknown) => caught,
    );
    expect(isPlatformError(error)).toBe(true);
    expect(error).toMatchObject({ status, requestId: 'req-1', ...expected });
  });

  test('a network failure is a retryable network PlatformError', async () => {
    server.use(http.post(URL_, () => HttpResponse.error()));
    await expect(postJson({ url: URL_, body: {}, authorization: 'at' })).rejects.toMatchObject({
      name: 'PlatformError',
      kind: 'network',
      retryable: true,
    });
  });

  test('gives up after 10 seconds with a timeout PlatformError', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetch = (request: Request) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const pending = postJson({ url: URL_, body: {}, authorization: 'at', fetch });
    const rejected = expect(pending).rejects.toMatchObject({ kind: 'timeout', code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(10_000);
    await rejected;
  });
});
