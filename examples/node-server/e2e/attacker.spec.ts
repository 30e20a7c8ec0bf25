import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import {
  createMockPlatform,
  startMockPlatformServer,
  type MockPlatformServer,
} from '@site-identity/mock-platform';
import { createSite } from '../src/site.js';

// The site of this example on localhost, and an attacker's page on 127.0.0.1 (another
// site to the browser, as evil.example would be), both on loopback ports the mock
// platform accepts redirect URIs of. What the attacker's page does is what an audit
// of the server package did in Chromium; each attack must fail.

const SITE_PORT = 4486;
const ATTACKER_PORT = 4487;
const SITE = `http://localhost:${SITE_PORT}`;
const ATTACKER = `http://127.0.0.1:${ATTACKER_PORT}`;
const ADA = { email: 'ada@example.com', password: 'correct horse' };
const MALLORY = { email: 'mallory@example.com', password: 'mallory-pass' };

let platform: MockPlatformServer;
let site: Server;
let attacker: Server;
/** The paths the attacker's server was asked for (a phishing page reached shows here). */
const reached: string[] = [];
/** The attacker's page, by path. */
const pages = new Map<string, string>();

test.beforeAll(async () => {
  platform = await startMockPlatformServer({
    platform: createMockPlatform({ members: [ADA, MALLORY] }),
  });
  site = createSite({
    origin: SITE,
    platformUrl: platform.url,
    secret: 'an-e2e-secret-that-is-long-enough-0123456789',
  });
  attacker = createServer((req, res) => {
    reached.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      pages.get(req.url ?? '') ??
        '<!doctype html><title>phished</title><p id="phished">phished</p>',
    );
  });
  await Promise.all([
    new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => attacker.listen(ATTACKER_PORT, '127.0.0.1', resolve)),
  ]);
});

test.afterAll(async () => {
  for (const server of [site, attacker]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await platform.close();
});

test.beforeEach(() => {
  reached.length = 0;
});

/** What the site's home page says the browser is. */
async function status(page: import('@playwright/test').Page): Promise<string | null> {
  await page.goto(`${SITE}/`);
  return page.locator('#status').textContent();
}

test.describe('open redirect through returnTo (a path that normalises to //host)', () => {
  for (const returnTo of [
    `/.//127.0.0.1:${ATTACKER_PORT}/phish`,
    `/..//127.0.0.1:${ATTACKER_PORT}/phish`,
    `/%2e//127.0.0.1:${ATTACKER_PORT}/phish`,
    `${SITE}//127.0.0.1:${ATTACKER_PORT}/phish`,
    `/\t/127.0.0.1:${ATTACKER_PORT}/phish`,
  ]) {
    test(`a link with returnTo ${JSON.stringify(returnTo)}: after sign-in the member is on the site`, async ({
      page,
    }) => {
      pages.set(
        '/lure',
        `<!doctype html><a id="go" href="${SITE}/auth/login?returnTo=${encodeURIComponent(returnTo)}">Claim your prize</a>`,
      );
      await page.goto(`${ATTACKER}/lure`);
      await page.click('#go');
      await page.fill('input[name=email]', ADA.email);
      await page.fill('input[name=password]', ADA.password);
      await page.click('button[value=login]');
      await page.waitForURL((url) => url.port === String(SITE_PORT) && url.pathname === '/');
      expect(new URL(page.url()).origin).toBe(SITE);
      await expect(page.locator('#status')).toHaveText('member');
      expect(reached).not.toContain('/phish');
    });
  }
});

test.describe("login CSRF: a form post of the attacker's credentials", () => {
  for (const [name, action] of [
    // The request line `POST //127.0.0.1:4487/auth/login` once replaced the site's origin.
    ['through a //host request target', `${SITE}//127.0.0.1:${ATTACKER_PORT}/auth/login`],
    ['straight to the route', `${SITE}/auth/login`],
  ] as const) {
    test(`${name}: refused, the victim stays a visitor`, async ({ page }) => {
      pages.set(
        '/csrf',
        `<!doctype html><form id="f" method="post" action="${action}">
           <input name="email" value="${MALLORY.email}"><input name="password" value="${MALLORY.password}">
         </form><script>document.getElementById('f').submit()</script>`,
      );
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.goto(`${ATTACKER}/csrf`);
      expect([400, 403]).toContain((await answer).status());
      expect(await status(page)).toBe('visitor');
    });
  }

  test('fetch with credentials and a text/plain body: refused, the victim stays a visitor', async ({
    page,
  }) => {
    pages.set(
      '/fetch',
      `<!doctype html><script>
         window.sent = fetch('${SITE}/auth/login', { method: 'POST', mode: 'no-cors', credentials: 'include',
           headers: { 'content-type': 'text/plain' }, body: JSON.stringify(${JSON.stringify(MALLORY)}) });
       </script>`,
    );
    const answer = page.waitForResponse((response) => response.url() === `${SITE}/auth/login`);
    await page.goto(`${ATTACKER}/fetch`);
    expect((await answer).status()).toBe(403);
    expect(await status(page)).toBe('visitor');
  });
});
