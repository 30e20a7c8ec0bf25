import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { sendWebResponse, toWebRequest } from './node';
import { isServerIdentityError } from './server-identity-error';
import { ADA, SITE, testSite } from './test-platform';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A node:http server on a free port that answers with `answer(request)`; its base URL. */
async function serve(answer: (request: Request) => Promise<Response>): Promise<string> {
  const server = createServer((req, res) => {
    void toWebRequest(req, { origin: SITE })
      .then(answer)
      .then((response) => sendWebResponse(res, response))
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('@site-identity/server/node', () => {
  test('toWebRequest: the URL on origin (not Host), every header, the body of a POST', async () => {
    let seen: { url: string; method: string; accept: string | null; body: string } | undefined;
    const base = await serve(async (request) => {
      seen = {
        url: request.url,
        method: request.method,
        accept: request.headers.get('x-list'),
        body: await request.text(),
      };
      return new Response(null, { status: 204 });
    });
    const answer = await fetch(`${base}/auth/login?returnTo=%2Forders`, {
      method: 'POST',
      headers: { host: 'evil.example', 'x-list': 'a' },
      body: new URLSearchParams({ email: ADA.email }),
    });
    expect(answer.status).toBe(204);
    expect(seen).toEqual({
      url: `${SITE}/auth/login?returnTo=%2Forders`,
      method: 'POST',
      accept: 'a',
      body: `email=${encodeURIComponent(ADA.email)}`,
    });
  });

  test('sendWebResponse: status, headers, each Set-Cookie apart, and the body', async () => {
    const base = await serve(async () => {
      const headers = new Headers({ 'content-type': 'text/plain', 'x-one': '1' });
      headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly');
      return new Response('hello', { status: 201, headers });
    });
    const answer = await fetch(base);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-one')).toBe('1');
    expect(answer.headers.getSetCookie()).toEqual([
      'a=1; Path=/; HttpOnly',
      'b=2; Path=/; HttpOnly',
    ]);
    expect(await answer.text()).toBe('hello');
  });

  test('serves createServerIdentity: a visitor page, the login redirect with its flow cookie, the session route', async () => {
    const { identity } = testSite();
    const base = await serve(async (request) => {
      const routed = await identity.handle(request);
      if (routed) return routed;
      const { snapshot, headers } = await identity.getSession(request);
      return new Response(`status=${snapshot.status}`, { headers });
    });
    const page = await fetch(`${base}/`);
    expect(await page.text()).toBe('status=visitor');
    const cookie = page.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(cookie).not.toBe('');

    const login = await fetch(`${base}/auth/login?returnTo=/orders`, { redirect: 'manual' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toMatch(/^https?:\/\//);
    expect(login.headers.getSetCookie().length).toBeGreaterThan(0);

    const session = await fetch(`${base}/auth/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ status: 'visitor' });
  });

  test.each([
    [undefined, 'origin must be an absolute http or https URL without a fragment; got undefined'],
    ['localhost:3000', 'origin must be an absolute http or https URL without a fragment; got'],
  ])('toWebRequest with origin %s is an INVALID_ARGUMENT error', async (origin, message) => {
    const caught = await toWebRequest({ headers: {}, url: '/' } as never, {
      origin: origin as unknown as string,
    }).catch((error: unknown) => error);
    expect(isServerIdentityError(caught) && caught.code).toBe('INVALID_ARGUMENT');
    expect((caught as Error).message).toContain(message);
  });

  test.each([-1, 1.5, '64k', Number.NaN])(
    'toWebRequest with maxBodyBytes %s is an INVALID_ARGUMENT error',
    async (maxBodyBytes) => {
      const caught = await toWebRequest({ headers: {}, url: '/' } as never, {
        origin: SITE,
        maxBodyBytes: maxBodyBytes as number,
      }).catch((error: unknown) => error);
      expect(isServerIdentityError(caught) && caught.code).toBe('INVALID_ARGUMENT');
      expect((caught as Error).message).toMatch(
        /^maxBodyBytes must be a whole number of bytes ≥ 0; got /,
      );
    },
  );

  test('a body is given up to maxBodyBytes; past it, reading it fails and nothing more is held', async () => {
    const read: Array<string | number> = [];
    const base = await serve(async (request) => {
      read.push(
        await request.text().then(
          (text) => text.length,
          (error: unknown) => (error as Error).message,
        ),
      );
      return new Response(null, { status: 204 });
    });
    const post = (length: number) =>
      fetch(`${base}/upload`, { method: 'POST', body: 'x'.repeat(length) });
    await post(65_536);
    await post(65_537);
    expect(read).toEqual([65_536, 'The request body must be at most 65536 bytes']);
  });
});
