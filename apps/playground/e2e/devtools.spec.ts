import AxeBuilder from '@axe-core/playwright';
import {
  chooseAppSettings,
  devtools,
  devtoolsAction,
  devtoolsField,
  devtoolsLog,
  devtoolsToggle,
  expect,
  expectNoHorizontalOverflow,
  expectRole,
  logIn,
  openPlayground,
  panel,
  screenshot,
  setDevtoolsOpen,
  test,
} from './fixtures';

const EMAIL = 'devtools@example.com';
const PASSWORD = 'devtools-1';

test('devtools: the panel shows a renewal with its duration and a session end with its reason and tab', async ({
  context,
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const other = await context.newPage();
  await openPlayground(other);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(other, 'member');
  await expect(devtoolsField(page, 'status')).toHaveText('member');
  await expect(devtoolsField(page, 'refresh')).toHaveText('member refresh token');
  // No token value is on show until "Reveal tokens".
  const stored = await page.evaluate(() =>
    localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith(':tokens'))!)!,
  );
  const { accessToken } = JSON.parse(stored) as { accessToken: { value: string } };
  await setDevtoolsOpen(page, true);
  await expect(devtools(page)).not.toContainText(accessToken.value);

  await devtools(page).getByRole('button', { name: 'Renew now', exact: true }).click();
  const log = devtoolsLog(page);
  await expect(log).toContainText(/Renewal renewed \(refresh token\) in \d+ ms → generation \d+/);
  // The visitor tokens of the first load, then this renewal.
  await expect(devtoolsField(page, 'renewals')).toHaveText(/^2 \(last: renewed in \d+ ms\)$/);
  await expect(devtoolsField(page, 'handOff')).toContainText('this tab renewed');
  // The other tab took the renewed session from this one.
  await expect(devtoolsField(other, 'handOff')).toContainText('another tab renewed');

  // Signed out in the other tab: this tab's panel says so, with the reason.
  await devtoolsAction(other, 'Sign out here');
  await expect(log).toContainText(
    /SIGNED_OUT → none: session ended \(signed_out, in another tab\)/,
  );
  await expect(devtoolsField(page, 'ended')).toHaveText('signed_out, in another tab');
  await expect(devtoolsField(other, 'ended')).toHaveText('signed_out, in this tab');
  await devtools(page).getByRole('button', { name: 'Reveal tokens' }).click();
  await expect(devtools(page).getByRole('button', { name: 'Reveal tokens' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await screenshot(page, 'devtools-open');
});

test('devtools: "Expire access token now" leads to exactly one renewal', async ({ page, mock }) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/);
  const before = await mock.grants('refresh_token');

  await devtoolsAction(page, 'Expire access token now');
  await expect(devtoolsField(page, 'expires')).toContainText(/^expired /);
  // The next calls (five at once) renew once; automatic renewal then finds a valid token.
  const visitorTokens = panel(page, 'visitor-tokens');
  await visitorTokens.getByRole('button', { name: 'Call getTokens() five times at once' }).click();
  await expect(visitorTokens.getByRole('status', { name: 'Visitor tokens result' })).toContainText(
    'role member',
  );
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/);
  await page.waitForTimeout(6_000);
  expect(await mock.grants('refresh_token', 200)).toBe(before + 1);
  expect(await mock.grants('refresh_token')).toBe(before + 1);
  await expectRole(page, 'member');
});

test('devtools: a login refused for the app\'s configuration is listed under "Configuration problems" with the setting to change, beside the token manager\'s', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const problems = devtoolsField(page, 'configuration');
  await expect(problems).toHaveText('None seen.');
  await chooseAppSettings(page, 'the site is not published');

  const result = await logIn(page, EMAIL, PASSWORD);
  await expect(result).toContainText('SITE_MISCONFIGURED');
  // The login's refusal, met by member-auth alone (the visitor's access token was still good).
  const login = problems.locator('li').filter({ hasText: 'memberAuth.login' });
  await expect(login).toHaveCount(1);
  await expect(login.locator('[data-part="cause"]')).toHaveText(
    'The site is not published (the platform answered 403).',
  );
  await expect(login.locator('[data-part="fix"]')).toHaveText('To fix it, publish the site.');
  // The platform's own words.
  await expect(login.locator('[data-part="detail"]')).toHaveText(
    'The site is not published: publish it, then try again',
  );

  // A renewal now meets the token endpoint's refusal: listed first, by the token manager.
  await devtoolsAction(page, 'Renew now');
  await expect(problems.locator('li')).toHaveCount(2);
  const renewal = problems.locator('li').first();
  await expect(renewal).toContainText('token manager');
  await expect(renewal.locator('[data-part="cause"]')).toHaveText(
    'The site is not published (the token endpoint answered 403).',
  );
  await expect(renewal.locator('[data-part="fix"]')).toHaveText('To fix it, publish the site.');

  await setDevtoolsOpen(page, true);
  await devtools(page).locator('section[aria-labelledby="config-title"]').scrollIntoViewIfNeeded();
  await screenshot(devtools(page).locator('#panel'), 'devtools-configuration-problems');
  const axe = await new AxeBuilder({ page }).include('[data-site-identity-devtools]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('devtools: the redirect client\'s own silent login under "origin not allowed" is listed under "Configuration problems", met by redirects.silentLogin', async ({
  page,
  mock,
}) => {
  const email = 'devtools-origin@example.com';
  await mock.addMember({ email, password: PASSWORD });
  await openPlayground(page);
  const problems = devtoolsField(page, 'configuration');
  await expect(problems).toHaveText('None seen.');
  await chooseAppSettings(page, "strict: this page's origin is not an allowed domain");

  const silent = panel(page, 'silent-login');
  const result = silent.getByRole('status', { name: 'Silent login result' });
  await silent.getByLabel('E-mail').fill(email);
  await silent.getByLabel('Password').fill(PASSWORD);
  await silent.getByRole('button', { name: '1. Get a session token' }).click();
  await expect(result).toContainText('Step 1 done');
  const started = Date.now();
  await silent.getByRole('button', { name: '2. Sign in in a hidden frame' }).click();

  // The app's own call to redirects.silentLogin, not a member client's login.
  const problem = problems.locator('li').filter({ hasText: 'redirects.silentLogin' });
  await expect(problem).toHaveCount(1, { timeout: 5_000 });
  const elapsed = Date.now() - started;
  await expect(problem.locator('[data-part="cause"]')).toHaveText(
    'The hosted page in the hidden frame loaded and never answered.',
  );
  await expect(problem.locator('[data-part="fix"]')).toHaveText(
    "To fix it, add this page's origin to the allowed domains and the redirect URI to the redirect URIs in the app's OAuth settings on the platform.",
  );
  const origin = new URL(page.url()).origin;
  await expect(problem.locator('[data-part="detail"]')).toContainText(
    `posted no answer to ${origin} within 3000 ms`,
  );
  await expect(problems.locator('li')).toHaveCount(1);
  test.info().annotations.push({ type: 'time to the panel', description: `${elapsed} ms` });
  await setDevtoolsOpen(page, true);
  await devtools(page).locator('section[aria-labelledby="config-title"]').scrollIntoViewIfNeeded();
  await screenshot(devtools(page).locator('#panel'), 'devtools-redirects-problem');
});

test('devtools: keyboard-usable, and axe finds no violation in the open panel', async ({
  page,
}) => {
  await openPlayground(page);
  const toggle = devtoolsToggle(page);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const region = devtools(page).getByRole('region', { name: 'Site Identity session' });
  await expect(region).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(devtools(page).getByRole('button', { name: 'Close devtools' })).toBeFocused();

  const results = await new AxeBuilder({ page }).include('[data-site-identity-devtools]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(5);

  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  const closed = await new AxeBuilder({ page }).include('[data-site-identity-devtools]').analyze();
  expect(closed.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // On a phone the open panel fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Enter');
  await expect(region).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(devtools(page).locator('#panel'), 'devtools-phone');
});
