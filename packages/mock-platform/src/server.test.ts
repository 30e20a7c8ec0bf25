import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform } from './platform';
import { startMockPlatformServer, type MockPlatformServer } from './server';

let server: MockPlatformServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('startMockPlatformServer', () => {
  it('answers its root URL with a page listing the control API, with links to what can be read', async () => {
    server = await startMockPlatformServer();
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toContain('text/html');
    const body = await root.text();
    expect(body).toContain('<h1>Mock platform</h1>');
    expect(body).toContain(`href="${server.url}/_mock/state"`);
    expect(body).toContain('POST /_mock/faults');
    // Not a platform request: the request log stays empty.
    const requests = (await (await fetch(`${server.url}/_mock/requests`)).json()) as unknown[];
    expect(requests).toEqual([]);
  });

  it('serves the token endpoint and hosted pages on 127.0.0.1 with the request id header', async () => {
    server = await startMockPlatformServer();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const tokens = await fetch(
      `${server.url}/oauth2/token`,
      json({ clientId: 'app', grantType: 'anonymous' }),
    );
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('x-wix-request-id')).toBeTruthy();
    const { access_token } = (await tokens.json()) as { access_token: string };
    const session = await fetch(
      `${server.url}/_api/redirects-api/v1/redirect-session`,
      json({ login: {} }, { authorization: access_token }),
    );
    const { redirectSession } = (await session.json()) as { redirectSession: { fullUrl: string } };
    expect(redirectSession.fullUrl.startsWith(`${server.url}/_hosted/login?`)).toBe(true);
    expect((await fetch(redirectSession.fullUrl)).status).toBe(200);
  });

  it('reflects loopback origins, answers preflights, and ignores other origins', async () => {
    server = await startMockPlatformServer();
    const preflight = await fetch(`${server.url}/oauth2/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const simple = await fetch(
      `${server.url}/oauth2/token`,
      json({ clientId: 'a', grantType: 'anonymous' }, { origin: 'http://127.0.0.1:4173' }),
    );
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(simple.headers.get('access-control-expose-headers')).toContain('x-wix-request-id');
    const foreign = await fetch(
      `${server.url}/oauth2/token`,
      json({ clientId: 'a', grantType: 'anonymous' }, { origin: 'https://evil.example' }),
    );
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('drops the connection for a network fault and holds it for a timeout', async () => {
    const platform = createMockPlatform();
    server = await startMockPlatformServer({ platform });
    platform.faults.inject({ kind: 'network' });
    await expect(fetch(`${server.url}/oauth2/token`, json({}))).rejects.toThrow(TypeError);
    platform.faults.inject({ kind: 'timeout' });
    await expect(
      fetch(`${server.url}/oauth2/token`, { ...json({}), signal: AbortSignal.timeout(50) }),
    ).rejects.toThrow();
    expect(
      (await fetch(`${server.url}/oauth2/token`, json({ clientId: 'a', grantType: 'anonymous' })))
        .status,
    ).toBe(200);
  });

  it('over HTTP: revoke-family and a lost answer, set through the control API', async () => {
    server = await startMockPlatformServer({ port: 4400 });
    const control = (path: string, body: unknown) =>
      fetch(`${server!.url}/_mock/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await control('settings', { refreshTokenReuse: 'revoke-family' })).status).toBe(200);
    const grant = (body: object) =>
      fetch(`${server!.url}/oauth2/token`, json({ clientId: 'a', ...body }));
    const first = (await (await grant({ grantType: 'anonymous' })).json()) as {
      refresh_token: string;
      access_token: string;
    };
    expect(
      (await control('faults', { path: '/oauth2/token', kind: 'lost', times: 1 })).status,
    ).toBe(201);
    const again = { grantType: 'refresh_token', refreshToken: first.refresh_token };
    await expect(grant(again)).rejects.toThrow(TypeError);
    const reused = await grant(again);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe('invalid_grant');
    const session = await fetch(
      `${server.url}/_api/redirects-api/v1/redirect-session`,
      json({ login: {} }, { authorization: first.access_token }),
    );
    expect(session.status).toBe(401);
    const state = (await (await fetch(`${server.url}/_mock/state`)).json()) as {
      counts: { refreshTokenReuses: number };
    };
    expect(state.counts.refreshTokenReuses).toBe(1);
    const log = (await (await fetch(`${server.url}/_mock/requests`)).json()) as unknown[];
    expect(log.slice(1, 3)).toEqual([
      expect.objectContaining({ status: 200, lost: true, refreshTokenReused: false }),
      expect.objectContaining({ status: 400, refreshTokenReused: true }),
    ]);
  });

  it('passes cookies through and sends the truncated body of a truncated fault', async () => {
    const platform = createMockPlatform({
      members: [{ email: 'ada@example.com', password: 'secret' }],
    });
    server = await startMockPlatformServer({ platform });
    platform.faults.inject({ kind: 'truncated' });
    const truncated = await fetch(
      `${server.url}/oauth2/token`,
      json({ clientId: 'a', grantType: 'anonymous' }),
    );
    await expect(truncated.json()).rejects.toThrow(SyntaxError);
    const login = await fetch(`${server.url}/_hosted/login?clientId=a`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ada%40example.com&password=secret',
    });
    expect(login.headers.getSetCookie()[0]).toMatch(/^mock_platform_session=/);
  });

  it('rejects a bad port and a port in use with typed errors', async () => {
    await expect(startMockPlatformServer({ port: -1 })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    server = await startMockPlatformServer();
    await expect(startMockPlatformServer({ port: server.port })).rejects.toMatchObject({
      code: 'SERVER_START_FAILED',
    });
  });
});

describe('control API', () => {
  it('reads and changes the state over HTTP', async () => {
    server = await startMockPlatformServer();
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server!.url}/_mock/${path}`, {
        method,
        ...(body
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
          : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(
      (await call('POST', 'settings', { requireOwnerApproval: true, captcha: 'invisible' })).body,
    ).toMatchObject({ requireOwnerApproval: true, captcha: 'invisible' });
    expect((await call('POST', 'settings', { captcha: 'sometimes' })).status).toBe(400);
    expect(
      (
        await call('POST', 'members', {
          email: 'ada@example.com',
          password: 'secret',
          ownerApproved: false,
        })
      ).status,
    ).toBe(201);
    expect((await call('POST', 'members', { email: 'ada@example.com' })).status).toBe(409);
    expect((await call('POST', 'approve', { email: 'ada@example.com' })).body).toMatchObject({
      ownerApproved: true,
      hasPassword: true,
    });
    expect((await call('POST', 'approve', { email: 'nobody@example.com' })).status).toBe(404);
    await call('POST', 'settings', { captcha: 'off' });
    await fetch(
      `${server.url}/_api/iam/recovery/v1/send-email`,
      json({ email: 'ada@example.com' }),
    );
    expect((await call('GET', 'outbox')).body).toEqual([
      expect.objectContaining({ to: 'ada@example.com', kind: 'recovery' }),
    ]);
    expect((await call('GET', 'requests')).body).toEqual([
      expect.objectContaining({ path: '/_api/iam/recovery/v1/send-email', status: 200 }),
    ]);
    expect(
      (
        await call('POST', 'faults', {
          path: '/oauth2/token',
          kind: 'status',
          status: 503,
          times: 'Infinity',
        })
      ).status,
    ).toBe(201);
    expect((await call('GET', 'state')).body).toMatchObject({
      counts: { outbox: 1, requests: 1 },
      faults: [{ kind: 'status', times: null }],
    });
    expect((await fetch(`${server.url}/oauth2/token`, json({}))).status).toBe(503);
    expect((await call('DELETE', 'faults')).body).toEqual({ pending: 0 });
    expect((await call('POST', 'faults', { kind: 'nope' })).status).toBe(400);
    expect((await call('POST', 'reset')).status).toBe(200);
    expect((await call('GET', 'state')).body).toMatchObject({
      members: [],
      counts: { outbox: 0, requests: 0 },
    });
    expect((await call('GET', 'nowhere')).status).toBe(404);
  });
});
