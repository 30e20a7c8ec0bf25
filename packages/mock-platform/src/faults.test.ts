import { describe, expect, it, test, vi } from 'vitest';
import { isMockPlatformError } from './mock-platform-error';
import { createMockPlatform } from './platform';
import { TOKEN_URL, serveThroughMsw } from './test-platform';

const platform = createMockPlatform();
serveThroughMsw(platform);

const anonymous = (init: RequestInit = {}) =>
  fetch(TOKEN_URL, {
    method: 'POST',
    body: JSON.stringify({ clientId: 'app', grantType: 'anonymous' }),
    ...init,
  });

describe('faults through MSW', () => {
  it('network: a real network error for the client, once by default', async () => {
    platform.faults.inject({ path: '/oauth2/token', kind: 'network' });
    await expect(anonymous()).rejects.toThrow(TypeError);
    expect((await anonymous()).status).toBe(200);
    expect(platform.state.requests.map((entry) => entry.status)).toEqual([0, 200]);
  });

  test.each([
    [{ kind: 'status', status: 503 } as const, 503, 'application/json'],
    [{ kind: 'status', status: 429, retryAfterSeconds: 7 } as const, 429, 'application/json'],
    [{ kind: 'html' } as const, 502, 'text/html'],
    [{ kind: 'empty' } as const, 200, 'application/json'],
    [{ kind: 'wrong-shape' } as const, 200, 'application/json'],
  ])('%j answers %i %s', async (fault, status, type) => {
    platform.faults.inject(fault);
    const response = await anonymous();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('x-wix-request-id')).toBeTruthy();
    if ('retryAfterSeconds' in fault) expect(response.headers.get('retry-after')).toBe('7');
    expect(platform.state.tokens.size).toBe(0);
  });

  it('truncated: processes the request and cuts the JSON answer', async () => {
    platform.faults.inject({ kind: 'truncated' });
    const response = await anonymous();
    await expect(response.json()).rejects.toThrow(SyntaxError);
    expect(platform.state.tokens.size).toBe(2);
  });

  it('timeout: never answers until the client aborts', async () => {
    platform.faults.inject({ kind: 'timeout' });
    const controller = new AbortController();
    const pending = anonymous({ signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow();
    expect((await anonymous()).status).toBe(200);
  });

  it('latency: delays, then answers', async () => {
    vi.useFakeTimers();
    platform.faults.inject({ kind: 'latency', latencyMs: 5000 });
    let settled = false;
    const pending = platform.fetch(TOKEN_URL, {
      method: 'POST',
      body: JSON.stringify({ clientId: 'app', grantType: 'anonymous' }),
    });
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('matches by path prefix, RegExp or full URL, and counts times', async () => {
    platform.faults.inject({
      path: /^\/_api\/iam\//,
      kind: 'status',
      status: 500,
      times: Infinity,
    });
    platform.faults.inject({
      path: 'https://www.wixapis.com/oauth2',
      kind: 'status',
      status: 502,
      times: 2,
    });
    expect((await anonymous()).status).toBe(502);
    expect((await anonymous()).status).toBe(502);
    expect((await anonymous()).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await fetch('https://www.wixapis.com/_api/iam/authentication/v2/login', {
            method: 'POST',
            body: '{}',
          })
        ).status,
      ).toBe(500);
    }
    expect(platform.faults.pending).toHaveLength(1);
    platform.faults.clear();
    expect(platform.faults.pending).toHaveLength(0);
  });

  test.each([
    { kind: 'boom' },
    { kind: 'status', status: 99 },
    { kind: 'network', times: 0 },
    null,
  ])('rejects the bad fault %j', (spec) => {
    let caught: unknown;
    try {
      platform.faults.inject(spec as never);
    } catch (error) {
      caught = error;
    }
    expect(isMockPlatformError(caught) && caught.code).toBe('INVALID_FAULT');
  });
});

describe('platform.fetch with faults', () => {
  it('rejects with a TypeError for a network fault and with the abort reason for a timeout', async () => {
    const local = createMockPlatform();
    local.faults.inject({ kind: 'network' });
    await expect(local.fetch(TOKEN_URL, { method: 'POST' })).rejects.toBeInstanceOf(TypeError);
    local.faults.inject({ kind: 'timeout' });
    const controller = new AbortController();
    const pending = local.fetch(TOKEN_URL, { method: 'POST', signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
  });

  it('reset releases a pending timeout as a network failure', async () => {
    const local = createMockPlatform();
    local.faults.inject({ kind: 'timeout' });
    const pending = local.fetch(TOKEN_URL, { method: 'POST' });
    local.reset();
    await expect(pending).rejects.toBeInstanceOf(TypeError);
  });
});
