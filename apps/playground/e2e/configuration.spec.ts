// Each configuration mistake switched on in "Mock site settings" is diagnosed within
// seconds, as the app's configuration, never as the member's mistake.
import { chooseAppSettings, expect, openPlayground, panel, screenshot, test } from './fixtures';

const PASSWORD = 'configured-1';

test("origin not allowed: the hidden frame's silence is diagnosed within 5 s, naming the origin and the setting", async ({
  page,
  mock,
}) => {
  const email = 'origin@example.com';
  await mock.addMember({ email, password: PASSWORD });
  await openPlayground(page);
  await chooseAppSettings(page, "strict: this page's origin is not an allowed domain");

  const silent = panel(page, 'silent-login');
  const result = silent.getByRole('status', { name: 'Silent login result' });
  await silent.getByLabel('E-mail').fill(email);
  await silent.getByLabel('Password').fill(PASSWORD);
  await silent.getByRole('button', { name: '1. Get a session token' }).click();
  await expect(result).toContainText('Step 1 done');

  const origin = new URL(page.url()).origin;
  const started = Date.now();
  await silent.getByRole('button', { name: '2. Sign in in a hidden frame' }).click();
  await expect(result).toContainText(`posted no answer to ${origin}`, { timeout: 5_000 });
  const elapsed = Date.now() - started;
  expect(elapsed).toBeLessThan(5_000);
  await expect(result).toContainText('allowed domains and');
  await expect(result).toContainText("in the app's OAuth settings");
  await expect(page.locator('iframe')).toHaveCount(0);
  test.info().annotations.push({ type: 'time to the diagnosis', description: `${elapsed} ms` });
  await screenshot(silent, 'configuration-origin-not-allowed');
});

test('an unpublished site: the login says it is not possible now, and the diagnosis says to publish the site', async ({
  page,
  mock,
}) => {
  const email = 'unpublished@example.com';
  await mock.addMember({ email, password: PASSWORD });
  await openPlayground(page);
  await chooseAppSettings(page, 'the site is not published');
  const login = panel(page, 'login');
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  const started = Date.now();
  await login.getByRole('button', { name: 'Log in' }).click();
  const result = login.getByRole('status', { name: 'Login result' });
  await expect(result).toContainText('Logging in is not possible right now', { timeout: 5_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
  await expect(result).toContainText('SITE_MISCONFIGURED');
  await expect(result).toContainText('the site is not published');
  await expect(result).toContainText('To fix it, publish the site.');
  await expect(result).not.toContainText('Check the e-mail address');
  await screenshot(login, 'configuration-unpublished');
});
