import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createMockPlatform } from '../src/platform';
import { startMockPlatformServer, type MockPlatformServer } from '../src/server';

// The emulator on one loopback port, a tiny "app" on another: the app's /callback
// page is the redirect URI, and its /parent page frames a silent login.

const verifier = 'e2e-verifier-0123456789abcdefghijklmnopqrstuvwxyz';
const challenge = createHash('sha256').update(verifier).digest('base64url');

let platformServer: MockPlatformServer;
let app: Server;
let appUrl = '';

test.beforeAll(async () => {
  const platform = createMockPlatform({
    members: [{ email: 'ada@example.com', password: 'correct horse' }],
  });
  platformServer = await startMockPlatformServer({ platform });
  app = createServer((req, res) => {
    const frame = new URL(req.url ?? '/', appUrl).searchParams.get('frame') ?? '';
    const body = req.url?.startsWith('/parent')
      ? `<!doctype html><title>parent</title><script>
             window.received = new Promise((resolve) => window.addEventListener('message', (event) => resolve({ data: event.data, origin: event.origin })));
           </script><iframe src="${frame.replace(/"/g, '&quot;')}"></iframe>`
      : '<!doctype html><title>callback</title><p>Back in the app</p>';
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(body);
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const address = app.address();
  appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await platformServer.close();
  await new Promise((resolve) => app.close(resolve));
});

async function post(
  path: string,
  body: unknown,
  authorization?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${platformServer.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function authSession(
  extra: { responseMode?: string; sessionToken?: string; prompt?: string } = {},
): Promise<string> {
  const { access_token } = (await post('/oauth2/token', {
    clientId: 'e2e',
    grantType: 'anonymous',
  })) as { access_token: string };
  const { redirectSession } = (await post(
    '/_api/redirects-api/v1/redirect-session',
    {
      auth: {
        authRequest: {
          clientId: 'e2e',
          redirectUri: `${appUrl}/callback`,
          codeChallenge: challenge,
          codeChallengeMethod: 'S256',
          responseMode: extra.responseMode ?? 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 'e2e-state',
          ...(extra.sessionToken ? { sessionToken: extra.sessionToken } : {}),
        },
      },
      ...(extra.prompt ? { prompt: extra.prompt } : {}),
    },
    access_token,
  )) as { redirectSession: { fullUrl: string } };
  return redirectSession.fullUrl;
}

test('the hosted login form lands on the redirect URI with a code that exchanges for member tokens', async ({
  page,
}) => {
  await page.goto(await authSession());
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/callback');
  await expect(page.getByText('Back in the app')).toBeVisible();
  const fragment = new URLSearchParams(new URL(page.url()).hash.slice(1));
  expect(fragment.get('state')).toBe('e2e-state');
  const code = fragment.get('code');
  expect(code).toMatch(/^mock-code\./);
  const tokens = await post('/oauth2/token', {
    clientId: 'e2e',
    grantType: 'authorization_code',
    redirectUri: `${appUrl}/callback`,
    code,
    codeVerifier: verifier,
  });
  expect(
    platformServer.platform.state.tokens.describe(tokens['access_token'] as string)?.role,
  ).toBe('member');
});

test('a wrong password keeps the member on the form with a message', async ({ page }) => {
  await page.goto(await authSession());
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');
});

test('a silent login in a hidden frame posts the code to the parent origin', async ({ page }) => {
  const login = await post('/_api/iam/authentication/v2/login', {
    loginId: { email: 'ada@example.com' },
    password: 'correct horse',
  });
  const frame = await authSession({
    responseMode: 'web_message',
    sessionToken: login['sessionToken'] as string,
    prompt: 'none',
  });
  await page.goto(`${appUrl}/parent?frame=${encodeURIComponent(frame)}`);
  const received = (await page.evaluate('window.received')) as {
    data: { code: string; state: string };
    origin: string;
  };
  expect(received.origin).toBe(platformServer.url);
  expect(received.data).toEqual({
    code: expect.stringMatching(/^mock-code\./),
    state: 'e2e-state',
  });
});
