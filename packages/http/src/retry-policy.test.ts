import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createHttpClient } from './http-client';
import type { RetryPolicy } from './retry-policy';

describe('retries through the client', () => {
  const URL_ = 'https://www.wixapis.com/_api/data/v1/items';
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    vi.useRealTimers();
  });
  afterAll(() => server.close());

  /** Answers with each of `responses` in turn (the last one repeats) and counts the calls. */
  function answer(method: 'get' | 'post', ...responses: Array<() => Response>) {
    const calls: number[] = [];
    server.use(
      http[method](URL_, () => {
        calls.push(Date.now());
        return (
          responses[Math.min(calls.length - 1, responses.length - 1)] ??
          (() => HttpResponse.error())
        )();
      }),
    );
    return calls;
  }
  const status =
    (code: number, headers: Record<string, string> = {}) =>
    () =>
      HttpResponse.json({}, { status: code, headers });
  const ok = () => HttpResponse.json({ ok: true });

  function client(retry?: RetryPolicy | false) {
    return createHttpClient({
      baseUrl: 'https://www.wixapis.com/_api/data',
      ...(retry === undefined ? {} : { retry }),
    });
  }

  function settle(promise: Promise<unknown>) {
    return promise.then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  test.each([408, 429, 502, 503, 504])(
    'a GET answered %i is retried twice with exponential back-off and jitter',
    async (code) => {
      const calls = answer('get', status(code));
      const result = settle(client().get('/v1/items'));
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(149); // 300 ms halved by jitter (random 0)
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(300); // 600 ms halved
      expect(calls).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls).toHaveLength(3);
      const { error } = await result;
      expect(error).toMatchObject({ status: code, retryable: true });
    },
  );

  test('the jittered wait lies in the upper half of the back-off', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const calls = answer('get', status(503), ok);
    const result = settle(client().get('/v1/items'));
    await vi.advanceTimersByTimeAsync(224); // 150 + 0.5 × 150
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ value: { ok: true }, error: undefined });
  });

  test.each([400, 401, 404, 409, 500, 501])('a GET answered %i is not retried', async (code) => {
    const calls = answer('get', status(code));
    const { error } = await settle(client().get('/v1/items'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status: code });
  });

  test('a POST is not retried unless marked safe', async () => {
    const calls = answer('post', status(503), ok);
    const { error } = await settle(client().post('/v1/items', {}));
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ status: 503, retryable: true });
  });

  test('a POST marked { retry: true } is retried', async () => {
    const calls = answer('post', status(503), ok);
    const result = settle(client().post('/v1/items', { a: 1 }, { retry: true }));
    await vi.advanceTimersByTimeAsync(150);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ value: { ok: true }, error: undefined });
  });

  test('a GET marked { retry: false } is not retried', async () => {
    const calls = answer('get', status(503), ok);
    await settle(client().get('/v1/items', { retry: false }));
    expect(calls).toHaveLength(1);
  });

  test('network errors are retried', async () => {
    const calls = answer('get', () => HttpResponse.error(), ok);
    const result = settle(client().get('/v1/items'));
    await vi.advanceTimersByTimeAsync(150);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ value: { ok: true }, error: undefined });
  });

  test('time-outs are retried, each try with its own time-out', async () => {
    let n = 0;
    server.use(
      http.get(URL_, async () => {
        n += 1;
        if (n === 1) await delay('infinite');
        return HttpResponse.json({ try: n });
      }),
    );
    const result = settle(
      createHttpClient({ baseUrl: 'https://www.wixapis.com/_api/data', timeoutMs: 1000 }).get(
        '/v1/items',
      ),
    );
    await vi.advanceTimersByTimeAsync(1000 + 150);
    await expect(result).resolves.toEqual({ value: { try: 2 }, error: undefined });
  });

  test('Retry-After in seconds replaces the back-off, without jitter', async () => {
    const calls = answer('get', status(429, { 'retry-after': '3' }), ok);
    const result = settle(client().get('/v1/items'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ value: { ok: true }, error: undefined });
  });

  test('Retry-After as an HTTP date is honoured', async () => {
    const calls = answer(
      'get',
      status(503, { 'retry-after': 'Tue, 01 Jan 2030 00:00:02 GMT' }),
      ok,
    );
    const result = settle(client().get('/v1/items'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toMatchObject({ value: { ok: true } });
  });

  test('a Retry-After beyond maxDelayMs is not waited for: the call rejects at once, retryable', async () => {
    const calls = answer('get', status(429, { 'retry-after': '3600' }), ok);
    const { error } = await settle(client({ maxDelayMs: 5000 }).get('/v1/items'));
    expect(calls).toHaveLength(1);
    expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryable: true });
  });

  test('the back-off is capped at maxDelayMs and the count at limit', async () => {
    const calls = answer('get', status(502));
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const result = settle(
      client({ limit: 4, baseDelayMs: 1000, maxDelayMs: 1500 }).get('/v1/items'),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(5);
    const gaps = calls.slice(1).map((at, i) => at - (calls[i] ?? 0));
    expect(gaps.every((gap) => gap <= 1500)).toBe(true);
    await expect(result).resolves.toMatchObject({ error: { status: 502 } });
  });

  test('retry: false turns retries off for the client', async () => {
    const calls = answer('get', status(503), ok);
    await settle(client(false).get('/v1/items'));
    expect(calls).toHaveLength(1);
  });

  test('aborting during the wait between tries rejects with kind aborted', async () => {
    const calls = answer('get', status(503), ok);
    const controller = new AbortController();
    const result = settle(client().get('/v1/items', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    await expect(result).resolves.toMatchObject({ error: { kind: 'aborted', code: 'ABORTED' } });
  });
});
