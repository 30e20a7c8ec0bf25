import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { toWebRequest } from './node';
import { originMismatch } from './origin-mismatch';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server whose toWebRequest has `origin`; its port. */
async function serve(origin: string): Promise<number> {
  const server = createServer((req, res) => {
    void toWebRequest(req, { origin }).then(() => res.end('ok'));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const get = (port: number, host?: string) =>
  new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/', headers: host ? { host } : {} },
      (res) => res.resume().on('end', resolve),
    );
    req.on('error', reject).end();
  });

describe('a request that reaches the server elsewhere than its origin', () => {
  test('is reported once per server in development, naming both values and the setting', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const port = await serve('http://localhost:3000');
    await get(port);
    await get(port);
    await get(port, `localhost:${port}`);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      `[@site-identity/server] toWebRequest: a request came to http://127.0.0.1:${port} (Host: 127.0.0.1:${port}), but origin is http://localhost:3000: the login callback and every redirect go to http://localhost:3000. Set toWebRequest's origin to how browsers reach this server (http://127.0.0.1:${port} here), or to the public origin behind a proxy. Reported once per server, never in production.`,
    );
  });

  test('is not reported when Host and origin agree', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const port = await serve('http://127.0.0.1:0');
    const agreeing = await serve(`http://127.0.0.1:${port}`);
    await get(agreeing, `127.0.0.1:${port}`);
    expect(warn).not.toHaveBeenCalled();
  });

  test('is never reported in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const port = await serve('http://localhost:3000');
    await get(port);
    expect(warn).not.toHaveBeenCalled();
  });

  test.each([
    ['http://localhost:3000', 'localhost:3000', undefined],
    ['http://localhost:3000', 'LOCALHOST:3000', undefined],
    ['https://shop.example', 'shop.example', undefined],
    ['http://localhost:3000', undefined, undefined],
  ] as const)('origin %s and Host %s agree', (origin, host, message) => {
    expect(originMismatch(new URL(origin), host)).toBe(message);
  });
});
