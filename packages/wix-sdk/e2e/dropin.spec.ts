// The platform's documented OAuthStrategy code (e2e/page/app.ts), unchanged but for the
// import, in Chromium against the mock platform's server: the page's requests to
// www.wixapis.com and edge.wixapis.com are handed to the emulator on loopback.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  createMockPlatform,
  startMockPlatformServer,
  type MockPlatformServer,
} from '@site-identity/mock-platform';
import { build } from 'esbuild';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const CLIENT_ID = 'e2e-wix-sdk';
const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' };
/** The site's origin: a loopback server of this spec, on the emulator's site (127.0.0.1). */
let SITE: string;
const PLATFORM_HOSTS = /^https:\/\/(www|edge)\.wixapis\.com\//;

const platform = createMockPlatform({
  members: [{ ...MEMBER, profile: { nickname: 'Ada', firstName: 'Ada' } }],
});
let server: MockPlatformServer;
let bundle: string;
let site: Server;
/** The platform requests the pages made, as the browser sent them. */
const routed: { host: string; path: string; authorization: string | undefined }[] = [];

test.beforeAll(async () => {
  server = await startMockPlatformServer({ platform });
  const settings = {
    entryPoints: [fileURLToPath(new URL('page/app.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    define: { CLIENT_ID: JSON.stringify(CLIENT_ID) },
  } as const;
  bundle = (await build(settings)).outputFiles[0]!.text;
  // Every path is the site's one page, but /app.js, its script.
  site = createServer((request, response) => {
    const script = request.url === '/app.js';
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html' });
    response.end(
      script
        ? bundle
        : '<!doctype html><title>site</title><script type="module" src="/app.js"></script>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  SITE = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  site?.close();
  await server?.close();
});
test.beforeEach(() => {
  platform.reset();
  routed.length = 0;
});

/** The platform's API hosts, routed to the emulator for every page of `context`. */
async function routeSite(context: BrowserContext) {
  await context.route(PLATFORM_HOSTS, async (route) => {
    const { host, pathname } = new URL(route.request().url());
    const authorization = (await route.request().headerValue('authorization')) ?? undefined;
    routed.push({ host, path: pathname, authorization });
    const url = route.request().url().replace(PLATFORM_HOSTS, `${server.url}/`);
    const response = await route.fetch({ url });
    await route.fulfill({ response });
  });
}

async function open(context: BrowserContext, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${SITE}${path}`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  return page;
}

type Site = Record<string, (...args: unknown[]) => Promise<unknown> | unknown>;
const call = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, args]) =>
      (window as unknown as { site: Site }).site[name as string]!(...(args as unknown[])),
    [name, args] as const,
  );

const grants = (type: string) =>
  platform.state.requests.filter((request) => request.grantType === type).length;

test.beforeEach(async ({ context }) => routeSite(context));

test('visitor tokens, then login → getMemberTokensForDirectLogin → setTokens, greeted, logout', async ({
  context,
}) => {
  const page = await open(context);
  expect(await call(page, 'visitor')).toBe('visitor');
  expect(await call(page, 'loggedIn')).toBe(false);
  expect(await call(page, 'login', MEMBER.email, MEMBER.password)).toBe('SUCCESS');
  expect(await call(page, 'loggedIn')).toBe(true);
  expect(await call(page, 'greet')).toBe('Welcome, Ada');
  // The hidden frame is gone once the login is done.
  await expect(page.locator('iframe')).toHaveCount(0);
  // Module calls went to the CDN host, with the member's token, raw.
  const memberCall = routed.find((request) => request.path.startsWith('/members/'));
  expect(memberCall).toMatchObject({
    host: 'edge.wixapis.com',
    authorization: expect.stringMatching(/^(?!Bearer)\S+$/),
  });
  await Promise.all([page.waitForURL(`${SITE}/`), call(page, 'logout').catch(() => undefined)]);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await call(page, 'loggedIn')).toBe(false);
  await expect(call(page, 'greet')).rejects.toThrow();
});

test('a wrong password: FAILURE with the errorCode of @wix/sdk, still a visitor', async ({
  context,
}) => {
  const page = await open(context);
  await call(page, 'visitor');
  expect(await call(page, 'login', MEMBER.email, 'wrong password')).toBe('FAILURE invalidPassword');
  expect(await call(page, 'role')).toBe('visitor');
});

test('hosted login: generateOAuthData → getAuthUrl → the hosted page → parseFromUrl → getMemberTokens', async ({
  context,
}) => {
  const page = await open(context, '/account');
  await Promise.all([page.waitForURL(`${server.url}/**`), call(page, 'hostedLogin')]);
  await page.getByLabel('E-mail').fill(MEMBER.email);
  await page.getByLabel('Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${SITE}/account`);
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await call(page, 'loggedIn')).toBe(true);
  expect(await call(page, 'greet')).toBe('Welcome, Ada');
  expect(grants('authorization_code')).toBe(1);
});

test('two tabs: a login in one is the session of the other; after expiry, 20 calls in each make one renewal', async ({
  context,
}) => {
  const first = await open(context);
  const second = await open(context);
  await call(first, 'visitor');
  expect(await call(first, 'login', MEMBER.email, MEMBER.password)).toBe('SUCCESS');
  await expect.poll(() => call(second, 'loggedIn')).toBe(true);
  expect(await call(second, 'greet')).toBe('Welcome, Ada');
  const before = grants('refresh_token');
  await Promise.all([call(first, 'expireAndCall', 20), call(second, 'expireAndCall', 20)]);
  expect(grants('refresh_token') - before).toBe(1);
  expect(platform.state.refreshTokenReuses).toBe(0);
  expect(await call(first, 'loggedIn')).toBe(true);
  expect(await call(second, 'loggedIn')).toBe(true);
});

test('a credential login with 50 ms per platform request: what is on its critical path', async ({
  context,
}) => {
  const LATENCY_MS = 50;
  const page = await open(context);
  await call(page, 'visitor');
  platform.faults.inject({ kind: 'latency', latencyMs: LATENCY_MS, times: Infinity });
  const before = platform.state.requests.length;
  const started = Date.now();
  expect(await call(page, 'login', MEMBER.email, MEMBER.password)).toBe('SUCCESS');
  const ms = Date.now() - started;
  const made = platform.state.requests
    .slice(before)
    .map((request) => request.grantType ?? request.path);
  platform.faults.clear();
  console.log(
    `login → getMemberTokensForDirectLogin → setTokens: ${made.length} platform requests (${made.join(', ')}), ${ms} ms, ${Math.floor(ms / LATENCY_MS)} × ${LATENCY_MS} ms`,
  );
  // The platform's own sequence and nothing more: the login, the redirect session, the
  // hosted page in the frame (with its cookie check), the code exchange; the visitor's
  // token is already held, so no token request comes first.
  expect(made[0]).toMatch(/\/v2\/login$/);
  expect(made[1]).toMatch(/\/v1\/redirect-session$/);
  expect(made.at(-1)).toBe('authorization_code');
  expect(made.filter((path) => path === 'refresh_token' || path === 'anonymous')).toEqual([]);
  expect(await call(page, 'loggedIn')).toBe(true);
});
