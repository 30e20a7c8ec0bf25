import type { AddressInfo } from 'node:net';
import { createMockPlatform, startMockPlatformServer } from '@site-identity/mock-platform';
import { expect, test } from 'vitest';
import { createSite } from './site.js';

const ADA = { email: 'ada@example.com', password: 'correct horse' };

test('a node:http site: visitor, hosted login over HTTP, the member on the page, logout', async () => {
  const platform = await startMockPlatformServer({
    port: 4483,
    platform: createMockPlatform({ members: [ADA] }),
  });
  const origin = 'http://localhost:4484';
  const site = createSite({
    origin,
    platformUrl: platform.url,
    secret: 'a-test-secret-that-is-long-enough-000',
  });
  await new Promise<void>((resolve) => site.listen(4484, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (/Max-Age=0/.test(line)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const cookie = () => [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const get = async (path: string, init: RequestInit = {}) =>
    keep(
      await fetch(new URL(path, base), {
        ...init,
        redirect: 'manual',
        headers: { cookie: cookie(), ...init.headers },
      }),
    );
  try {
    expect(await (await get('/')).text()).toContain('<p id="status">visitor</p>');
    const start = await get('/auth/login?returnTo=/');
    const hosted = await fetch(start.headers.get('location')!, {
      method: 'POST',
      body: new URLSearchParams({ ...ADA, action: 'login' }),
      redirect: 'manual',
    });
    const back = new URL(hosted.headers.get('location')!);
    expect(back.origin).toBe(origin);
    expect((await get(back.pathname + back.search)).headers.get('location')).toBe('/');
    expect(await (await get('/')).text()).toContain('<p id="status">member</p>');
    const out = await get('/auth/logout', { method: 'POST', headers: { origin } });
    expect(out.status).toBe(303);
    expect(await (await get('/')).text()).toContain('<p id="status">visitor</p>');
  } finally {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
    await platform.close();
  }
});
