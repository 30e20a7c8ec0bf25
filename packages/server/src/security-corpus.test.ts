// Hostile input at every boundary of the server package, one table per boundary, each
// row a request an attacker can make (a link, a page's form or fetch, a raw request
// line, a planted cookie), each refused: no redirect off the site, no login or logout
// from another site, no body read past its limit, no request line taking the place of
// the configured origin.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES } from './body-limit';
import { MAX_FLOWS } from './flow-cookie';
import { sendWebResponse, toWebRequest } from './node';
import { ADA, SITE, testBrowser, testSite } from './test-platform';

/** Redirect targets: the audit's payloads and the usual lists. */
const HOSTILE_TARGETS = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '/.//localhost:48111/phish',
  `${SITE}//evil.example`,
  `${SITE}/.//evil.example`,
  '//evil.example',
  '//evil.example/phish',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'http:\\\\evil.example',
  `${SITE}\\@evil.example`,
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\0/evil.example',
  ' //evil.example',
  '\t//evil.example',
  '/\x7f/evil.example',
  'https://evil.example/',
  'http://localhost:3001/',
  'https://localhost:3000/',
  `http://localhost:3000@evil.example/`,
  'http://lοcalhost:3000/',
  'https://xn--exmple-cua.com/',
  'https:evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'javascript://localhost:3000/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'account',
  '?next=//evil.example',
  `/${'a'.repeat(1024)}`,
];

/** Where a redirect leads, as a browser resolves it on the site. */
const landing = (location: string | null) => new URL(location ?? '', SITE);

describe('redirect targets: GET /auth/login?returnTo= → sign-in → callback', () => {
  test.each(HOSTILE_TARGETS)('returnTo %j ends on the site root', async (returnTo) => {
    const { visited } = await testBrowser(testSite()).hostedLogin(ADA, returnTo);
    expect(visited.at(-1)).toBe(`${SITE}/`);
  });
});

describe('redirect targets: POST /auth/login (form)', () => {
  test.each(HOSTILE_TARGETS)('returnTo %j ends on the site root', async (returnTo) => {
    const browser = testBrowser(testSite());
    const posted = await browser.send('/auth/login', {
      method: 'POST',
      headers: { origin: SITE },
      body: new URLSearchParams({ ...ADA, returnTo }),
    });
    const { visited } = await browser.follow(posted);
    expect(visited.at(-1)).toBe(`${SITE}/`);
  });

  test.each(HOSTILE_TARGETS)(
    'failureTo (and Referer) %j: the failure lands on the site root',
    async (target) => {
      const answer = await testBrowser(testSite()).send('/auth/login', {
        method: 'POST',
        headers: { origin: SITE, ...(/^[\x20-\x7e]*$/.test(target) && { referer: target }) },
        body: new URLSearchParams({ ...ADA, password: 'wrong', failureTo: target }),
      });
      const url = landing(answer.headers.get('location'));
      expect(url.origin).toBe(SITE);
      expect(url.pathname).toBe('/');
    },
  );
});

describe('redirect targets: POST /auth/logout', () => {
  test.each(HOSTILE_TARGETS)('returnTo %j ends on the site root', async (returnTo) => {
    const answer = await testBrowser(testSite()).send('/auth/logout', {
      method: 'POST',
      headers: { origin: SITE },
      body: new URLSearchParams({ returnTo }),
    });
    expect(answer.headers.get('location')).toBe('/');
  });
});

/** Origin and Sec-Fetch-Site as a browser or a script sends them; each refused. */
const REFUSED_SENDERS: Array<[string, Record<string, string>]> = [
  ['no Origin, no Sec-Fetch-Site', {}],
  ['another site', { origin: 'https://evil.example' }],
  ['a sandboxed page (Origin null)', { origin: 'null' }],
  ['another port', { origin: 'http://localhost:3001' }],
  ['another scheme', { origin: 'https://localhost:3000' }],
  ['the origin with a path', { origin: `${SITE}/` }],
  ['the origin in capitals', { origin: 'HTTP://LOCALHOST:3000' }],
  ['a sibling subdomain', { origin: 'http://shop.localhost:3000' }],
  ['cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ['none without Origin', { 'sec-fetch-site': 'none' }],
  ['the origin but cross-site', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
  ['the origin but same-site', { origin: SITE, 'sec-fetch-site': 'same-site' }],
  [
    'another site claiming same-origin',
    { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
  ],
  ['an unknown Sec-Fetch-Site', { 'sec-fetch-site': 'same-origin, cross-site' }],
];

describe('Origin and Sec-Fetch-Site: POST /auth/login and /auth/logout', () => {
  test.each(REFUSED_SENDERS)(
    'login from %s: 403, nothing asked of the platform',
    async (_name, headers) => {
      const site = testSite();
      const answer = await testBrowser(site).send('/auth/login', {
        method: 'POST',
        headers: { ...headers, accept: 'application/json' },
        body: new URLSearchParams({ ...ADA }),
      });
      expect(answer.status).toBe(403);
      const { error } = (await answer.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('FORBIDDEN_ORIGIN');
      expect(error.message).toContain(`must come from ${SITE}`);
      expect(site.platform.state.requests).toHaveLength(0);
    },
  );

  test.each(REFUSED_SENDERS)('logout from %s: 403, the member stays', async (_name, headers) => {
    const browser = testBrowser(testSite());
    await browser.hostedLogin();
    const answer = await browser.send('/auth/logout', { method: 'POST', headers });
    expect(answer.status).toBe(403);
    expect((await browser.session()).snapshot.status).toBe('member');
  });

  test.each([
    ['the site', { origin: SITE }],
    ['Sec-Fetch-Site same-origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ['the site and same-origin', { origin: SITE, 'sec-fetch-site': 'same-origin' }],
  ])('a login from %s goes through', async (_name, headers) => {
    const answer = await testBrowser(testSite()).send('/auth/login', {
      method: 'POST',
      headers: { ...headers, accept: 'application/json' },
      body: new URLSearchParams({ ...ADA }),
    });
    expect(await answer.json()).toMatchObject({ loginState: 'SUCCESS' });
  });
});

describe('media types: POST /auth/login', () => {
  test.each([
    'text/plain',
    'text/plain;x=application/json',
    'text/plain; charset=utf-8; y="application/json"',
    'application/jsonx',
    'application/json-patch+json',
    'application/x-www-form-urlencoded-evil',
    'x-application/json',
    'multipart/mixed; boundary=x',
    'text/html',
    'application/json, text/plain',
  ])('%j is 415, never read as JSON or a form', async (type) => {
    const site = testSite();
    const answer = await testBrowser(site).send('/auth/login', {
      method: 'POST',
      headers: { origin: SITE, 'content-type': type },
      body: JSON.stringify(ADA),
    });
    expect(answer.status).toBe(415);
    expect(site.platform.state.requests.filter((r) => r.path.includes('/login'))).toHaveLength(0);
  });
});

describe('bodies: read only up to their limit', () => {
  const big = 'x'.repeat(MAX_BODY_BYTES + 1);
  test.each([
    ['a form', 'application/x-www-form-urlencoded', `email=${big}`],
    ['JSON', 'application/json', JSON.stringify({ email: big })],
    [
      'multipart',
      'multipart/form-data; boundary=b',
      `--b\r\ncontent-disposition: form-data; name="email"\r\n\r\n${big}\r\n--b--\r\n`,
    ],
    ['no media type', '', new TextEncoder().encode(big)],
  ])('%s past 64 KiB is 413 on /auth/login and /auth/logout', async (_name, type, body) => {
    for (const path of ['/auth/login', '/auth/logout']) {
      const answer = await testBrowser(testSite()).send(path, {
        method: 'POST',
        headers: { origin: SITE, ...(type && { 'content-type': type }) },
        body,
      });
      expect(answer.status).toBe(413);
    }
  });

  test('a declared length past the limit is refused without reading a byte', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(10));
      },
    });
    const answer = await testSite().identity.handle(
      new Request(`${SITE}/auth/login`, {
        method: 'POST',
        headers: {
          origin: SITE,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': '999999999',
        },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(answer?.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });
});

describe('cookies an attacker can make a browser send', () => {
  test.each([100, 1000])(
    'a session cookie in %i chunks is a visitor, not read whole',
    async (count) => {
      const cookie = Array.from(
        { length: count },
        (_, i) => `site-identity.${i}=${'A'.repeat(100)}`,
      ).join('; ');
      const session = await testSite().identity.getSession(
        new Request(SITE, { headers: { cookie } }),
      );
      expect(session.snapshot.status).toBe('visitor');
    },
  );

  test('navigations to /login with the longest returnTo keep at most 3 flows, each under 4 kB', async () => {
    const browser = testBrowser(testSite());
    for (let i = 0; i < 10; i++) {
      const answer = await browser.send(`/auth/login?returnTo=/${'r'.repeat(1020)}${i}`);
      for (const line of answer.headers.getSetCookie()) expect(line.length).toBeLessThan(4096);
    }
    const flows = [...browser.jar.keys()].filter((name) => name.includes('.flow.'));
    expect(flows).toHaveLength(MAX_FLOWS);
  });

  test.each([2800, 10_000])(
    'a returnTo of %i characters is not kept (the flow cookie stays small)',
    async (length) => {
      const answer = await testBrowser(testSite()).send(
        `/auth/login?returnTo=/${'r'.repeat(length)}`,
      );
      const flow = answer.headers.getSetCookie().find((line) => line.includes('.flow.'))!;
      expect(flow.length).toBeLessThan(1000);
    },
  );
});

describe('request lines through the node:http adapter', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    const { identity } = testSite();
    server = createServer((req, res) => {
      void toWebRequest(req, { origin: SITE })
        .then(
          async (request) =>
            (await identity.handle(request)) ?? new Response('page', { status: 200 }),
        )
        .then((response) => sendWebResponse(res, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The status line of the answer to a raw request. */
  const raw = (head: string, body = '') =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
      let text = '';
      socket.on('data', (data) => (text += String(data)));
      // The status line, and the problem code of the body when there is one.
      socket.on('end', () =>
        resolve(`${text.split('\r\n')[0] ?? ''} ${/\(([A-Z_]+)\)/.exec(text)?.[1] ?? ''}`),
      );
      socket.on('error', reject);
    });
  const host = 'Host: localhost:3000\r\nConnection: close';

  test.each([
    ['absolute-form to another host', 'GET http://evil.example/auth/session HTTP/1.1'],
    ['absolute-form to the site itself', 'GET http://localhost:3000/auth/session HTTP/1.1'],
    ['absolute-form https', 'GET https://evil.example/auth/login?returnTo=/ HTTP/1.1'],
    ['a // target', 'GET //evil.example/auth/session HTTP/1.1'],
    ['a // target to a loopback port', 'GET //localhost:48111/auth/login HTTP/1.1'],
    ['a /\\ target', 'GET /\\evil.example/auth/session HTTP/1.1'],
    ['asterisk-form', 'OPTIONS * HTTP/1.1'],
    [
      'the login CSRF of the audit',
      'POST //localhost:48111/auth/login HTTP/1.1\r\nOrigin: http://localhost:48111\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 40',
    ],
    [
      'absolute-form form post',
      'POST http://evil.example/auth/login HTTP/1.1\r\nOrigin: http://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 40',
    ],
  ])('%s is 400', async (_name, line) => {
    const status = await raw(
      `${line}\r\n${host}`,
      line.startsWith('POST') ? 'email=a%40b.example&password=0123456789' : '',
    );
    expect(status).toMatch(/^HTTP\/1\.1 400 .* INVALID_REQUEST_TARGET$/);
  });

  test('a path and query is served on the configured origin', async () => {
    expect(await raw(`GET /auth/session?x=1 HTTP/1.1\r\n${host}`)).toMatch(/^HTTP\/1\.1 200 /);
  });

  test.each([
    ['a path that is not a route', '/not-ours', {}],
    ['a cross-origin logout', '/auth/logout', { origin: 'https://evil.example' }],
  ])('1 MB to %s is answered without reading it', async (_name, path, headers) => {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: 'x'.repeat(1024 * 1024),
    });
    expect([403, 200]).toContain(answer.status);
  });

  test.each([
    ['with a Content-Length', { length: true }],
    ['chunked, without a length', { length: false }],
  ])('1 MB form to /auth/login %s: 413', async (_name, { length }) => {
    const body = 'email=' + 'x'.repeat(1024 * 1024);
    const answer = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      body: length ? body : new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
  });
});

describe('a session cookie copied before logout', () => {
  /** The member's cookies as an attacker copied them, and a getSession that sends them. */
  const copyOf = (browser: ReturnType<typeof testBrowser>, site: ReturnType<typeof testSite>) => {
    const cookie = browser.cookieHeader();
    return async () =>
      (await site.identity.getSession(new Request(SITE, { headers: { cookie } }))).snapshot.status;
  };

  test('logout spends its refresh token: once its access token expires, the copy is a visitor', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    const copy = copyOf(browser, site);
    await browser.send('/auth/logout', { method: 'POST', headers: { origin: SITE } });
    // The access token in the copy still reads as a member until it expires (4 h on the platform).
    expect(await copy()).toBe('member');
    site.advance(5 * 3_600_000);
    expect(await copy()).toBe('visitor');
  });

  test('without a logout, renewing it every few hours never takes it past 7 days from the sign-in', async () => {
    const site = testSite();
    const browser = testBrowser(site);
    await browser.hostedLogin();
    let cookie = browser.cookieHeader();
    const use = async () => {
      const session = await site.identity.getSession(new Request(SITE, { headers: { cookie } }));
      const renewed = session.headers.getSetCookie().map((line) => line.split(';')[0]!);
      if (renewed.length > 0) cookie = renewed.join('; ');
      return session.snapshot.status;
    };
    for (let hours = 0; hours < 7 * 24 - 5; hours += 5) {
      site.advance(5 * 3_600_000);
      expect(await use()).toBe('member');
    }
    site.advance(6 * 3_600_000);
    expect(await use()).toBe('visitor');
  });
});
