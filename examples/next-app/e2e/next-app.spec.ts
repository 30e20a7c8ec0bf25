import { expect, test, type Page } from '@playwright/test';
import { PLATFORM_URL } from '../playwright.config';

const ADA = { email: 'ada@example.com', password: 'correct horse' };
const ADA_PROFILE = { firstName: 'Ada', lastName: 'Lovelace' };

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${PLATFORM_URL}/_mock/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return response.json();
}

const refreshGrants = async () =>
  ((await control('requests')) as { grantType?: string; status: number }[]).filter(
    (r) => r.grantType === 'refresh_token',
  );

/** Console errors and page errors (a hydration mismatch is one). */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on(
    'console',
    (m) =>
      m.type() === 'error' &&
      !m.location().url.endsWith('/favicon.ico') &&
      seen.push(`${m.text()} (${m.location().url})`),
  );
  page.on('pageerror', (e) => seen.push(e.message));
  return seen;
}

test.beforeEach(async () => {
  await control('reset', {});
  await control('members', { ...ADA, profile: ADA_PROFILE });
});

test('hosted login: the platform page, back as a member; the first HTML already shows it', async ({
  page,
}) => {
  const errors = problems(page);
  await page.goto('/');
  await expect(page.getByTestId('server-status')).toHaveText('server: visitor');
  await page.getByText('Sign in on the hosted page').click();
  await expect(page).toHaveURL(/127\.0\.0\.1:4481\/_hosted\/oauth2\/authorize/);
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('http://localhost:4480/');
  await expect(page.getByTestId('server-status')).toHaveText('server: member');
  await expect(page.getByTestId('signed-in')).toBeVisible();
  expect(errors).toEqual([]);
});

test('password login through the form post; a wrong password comes back with its code', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-problem')).toHaveText('FAILURE: invalidPassword');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('http://localhost:4480/');
  await expect(page.getByTestId('server-status')).toHaveText('server: member');
  await expect(page.getByTestId('client-status')).toHaveText('client: member');
});

test('a reload renders the member in the server HTML: no loading, no hydration warning', async ({
  page,
}) => {
  const errors = problems(page);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('server: <!-- -->member');
  expect(html).toContain('client: <!-- -->member');
  expect(html).toContain('Welcome back, member.');
  expect(html).not.toContain('loading');
  await page.reload();
  await expect(page.getByTestId('client-status')).toHaveText('client: member');
  expect(errors).toEqual([]);
});

test('the member is greeted by name in the first HTML; one members API request for several renders', async ({
  page,
}) => {
  const errors = problems(page);
  await page.goto('/');
  await expect(page.getByTestId('server-status')).toHaveText('server: visitor');
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('http://localhost:4480/');
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Ada');
  // The HTML the server sends, before any script runs.
  for (let render = 0; render < 3; render++) {
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Welcome, <!-- -->Ada');
  }
  const memberReads = ((await control('requests')) as { path: string; status: number }[]).filter(
    (r) => r.path === '/members/v1/members/my',
  );
  expect(memberReads.map((r) => r.status)).toEqual([200]);
  // Signed out: no greeting, and the visitor's pages make no members API request.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('server-status')).toHaveText('server: visitor');
  await expect(page.getByTestId('greeting')).toHaveCount(0);
  const after = ((await control('requests')) as { path: string }[]).filter(
    (r) => r.path === '/members/v1/members/my',
  );
  expect(after).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('document.cookie never holds the session; the page gets access tokens from /auth/session', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
  const cookies = await page.context().cookies('http://localhost:4480');
  const session = cookies.find((c) => c.name === 'site-identity');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('site-identity');
  await page.getByRole('button', { name: 'Get an access token' }).click();
  await expect(page.getByTestId('access-token')).toContainText('characters');
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain(session!.value.slice(0, 20));
  expect(stored).toContain('server-session:member');
});

test('an expired access token is renewed by the proxy: one refresh, the member stays', async ({
  page,
}) => {
  // Tokens count as expired (60 s leeway) two seconds after they are issued.
  await control('settings', { accessTokenTtlSeconds: 62 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
  const before = (await refreshGrants()).length;
  const cookieBefore = (await page.context().cookies()).find(
    (c) => c.name === 'site-identity',
  )!.value;
  await page.waitForTimeout(2_500);
  await page.reload();
  await expect(page.getByTestId('server-status')).toHaveText('server: member');
  const grants = await refreshGrants();
  expect(grants.length - before).toBe(1);
  expect(grants.at(-1)!.status).toBe(200);
  const cookieAfter = (await page.context().cookies()).find(
    (c) => c.name === 'site-identity',
  )!.value;
  expect(cookieAfter).not.toBe(cookieBefore);
});

test('logout: the session cookie is cleared, the platform session ended, back as a visitor', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADA.email);
  await page.getByLabel('Password').fill(ADA.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('signed-in')).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('http://localhost:4480/');
  await expect(page.getByTestId('server-status')).toHaveText('server: visitor');
  await expect(page.getByTestId('signed-out')).toBeVisible();
  const requests = (await control('requests')) as { path: string }[];
  expect(requests.some((r) => r.path.endsWith('/v1/logout'))).toBe(true);
});
