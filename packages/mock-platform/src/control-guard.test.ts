import { afterEach, describe, expect, it } from 'vitest';
import { controlRefusal } from './control-guard';
import { startMockPlatformServer, type MockPlatformServer } from './server';

const JSON_TYPE = 'application/json';
const base = {
  method: 'POST',
  host: '127.0.0.1:4010',
  origin: undefined,
  contentType: JSON_TYPE,
  hasBody: true,
};

describe('controlRefusal', () => {
  it.each([
    // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1.
    ['a rebinding host', { host: 'rebind.evil.example:4010' }, 421],
    ['a public IP host', { host: '203.0.113.7:4010' }, 421],
    ['a LAN host', { host: '192.168.1.20:4010' }, 421],
    ['no Host', { host: undefined }, 421],
    ['an empty Host', { host: '' }, 421],
    ['a Host that is not a host', { host: 'a b' }, 421],
    ['localhost as a suffix', { host: 'localhost.evil.example' }, 421],
    ['127 as a prefix of a name', { host: '127.0.0.1.evil.example' }, 421],
    // Another web page, whatever it sends.
    ['another site', { origin: 'https://evil.example' }, 403],
    [
      'another site posting text/plain',
      { origin: 'https://evil.example', contentType: 'text/plain' },
      403,
    ],
    ['a sandboxed page', { origin: 'null' }, 403],
    ['a site named like localhost', { origin: 'http://localhost.evil.example' }, 403],
    ['a file: page', { origin: 'file://' }, 403],
    ['a LAN page', { origin: 'http://192.168.1.20:8080' }, 403],
    [
      'a GET from another site',
      { method: 'GET', origin: 'https://evil.example', hasBody: false },
      403,
    ],
    // A body a page can send without a preflight.
    ['text/plain', { contentType: 'text/plain' }, 415],
    ['text/plain with a JSON parameter', { contentType: 'text/plain;x=application/json' }, 415],
    ['a form', { contentType: 'application/x-www-form-urlencoded' }, 415],
    ['multipart', { contentType: 'multipart/form-data; boundary=x' }, 415],
    ['no Content-Type', { contentType: undefined }, 415],
    ['a JSON-like type', { contentType: 'application/jsonx' }, 415],
  ] as const)('refuses %s (%j): %i', (_name, change, status) => {
    expect(controlRefusal({ ...base, ...change }, '127.0.0.1')?.status).toBe(status);
  });

  it.each([
    ['JSON from a tool', {}],
    ['JSON with a charset', { contentType: 'application/json; charset=utf-8' }],
    ['a loopback page', { origin: 'http://localhost:5173' }],
    ['a page on [::1]', { origin: 'http://[::1]:5173', host: '[::1]:4010' }],
    ['Host localhost', { host: 'localhost:4010' }],
    ['a GET without a body', { method: 'GET', contentType: undefined, hasBody: false }],
    ['a POST without a body', { contentType: undefined, hasBody: false }],
  ] as const)('lets %s through', (_name, change) => {
    expect(controlRefusal({ ...base, ...change }, '127.0.0.1')).toBeUndefined();
  });

  it('the host the server listens on counts as this machine', () => {
    expect(controlRefusal({ ...base, host: '10.0.0.5:4010' }, '10.0.0.5')).toBeUndefined();
  });
});

describe('the control API over HTTP', () => {
  let server: MockPlatformServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('another web page cannot add a member, with or without a preflight-free body', async () => {
    server = await startMockPlatformServer();
    const add = (headers: Record<string, string>) =>
      fetch(`${server!.url}/_mock/members`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: 'mallory@example.com', password: 'pw' }),
      });
    const evil = await add({ origin: 'https://evil.example', 'content-type': 'text/plain' });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({
      message: 'The control API answers loopback origins only; got Origin "https://evil.example"',
    });
    expect((await add({ 'content-type': 'text/plain' })).status).toBe(415);
    expect(server.platform.state.members.size).toBe(0);
    expect((await add({ 'content-type': JSON_TYPE, origin: 'http://localhost:5173' })).status).toBe(
      201,
    );
    expect(server.platform.state.members.size).toBe(1);
  });

  it('a rebinding page cannot read the outbox; the platform API itself is not affected', async () => {
    server = await startMockPlatformServer();
    const { request } = await import('node:http');
    const get = (path: string, host: string) =>
      new Promise<number>((resolve, reject) =>
        request({ host: '127.0.0.1', port: server!.port, path, headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end(),
      );
    expect(await get('/_mock/outbox', 'rebind.evil.example')).toBe(421);
    expect(await get('/_mock/outbox', `127.0.0.1:${server.port}`)).toBe(200);
    expect(await get('/_mock/outbox', `localhost:${server.port}`)).toBe(200);
  });
});
