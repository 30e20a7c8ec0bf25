import { expect, expectRole, logIn, MOCK_URL, openPlayground, panel, test } from './fixtures';

const EMAIL = 'lin@example.com';
const PASSWORD = 'recover-me-1';

test('MFA: a wrong code keeps the code form, and the right code then logs in', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD, mfa: { factorType: 'email' } });
  await openPlayground(page);
  const login = panel(page, 'login');
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('REQUIRE_MFA');
  const step = login.getByRole('form', { name: 'Second factor' });
  await step.getByLabel('One-time code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('status', { name: 'Second factor result' })).toContainText('FAILURE');
  await expect(step.getByRole('status', { name: 'Second factor result' })).toContainText(
    'try again',
  );
  await expectRole(page, 'visitor');

  await step.getByRole('button', { name: 'Read the code from the outbox' }).click();
  const sent = (await mock.outbox()).find((mail) => mail.kind === 'mfa');
  await expect(step.getByLabel('One-time code')).toHaveValue(sent?.code ?? 'no code sent');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(login.getByRole('status', { name: 'Login result' })).toContainText('SUCCESS');
  await expect(step).toHaveCount(0);
  await expectRole(page, 'member');
});

test('a bad reset link says so and leads back to sending another e-mail', async ({ page }) => {
  await page.goto('/?recoveryToken=not-a-real-token');
  const reset = panel(page, 'password-reset');
  await reset.getByLabel('New password').fill('never-set-1');
  await reset.getByRole('button', { name: 'Set the new password' }).click();
  const result = reset.getByRole('status', { name: 'Password reset result' });
  await expect(result).toContainText('This reset link cannot be used');
  await expect(result.getByText('Details')).toBeVisible();

  await reset.getByRole('button', { name: 'Send another e-mail' }).click();
  await expect(reset.getByRole('button', { name: 'Send the reset e-mail' })).toBeVisible();
  await expect(result).toHaveCount(0);
  expect(page.url()).not.toContain('recoveryToken');
});

test('results never contradict the state: cleared when an action starts, dropped when the session changes', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);

  // A malformed e-mail reaches the library (no browser validation) and replaces the old result.
  const register = panel(page, 'register');
  await register.getByLabel('E-mail').fill(EMAIL);
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByRole('button', { name: 'Register' }).click();
  const registered = register.getByRole('status', { name: 'Register result' });
  await expect(registered).toContainText('FAILURE');
  await expect(registered).toContainText('emailAlreadyExists');
  await register.getByLabel('E-mail').fill('not-an-e-mail');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(registered).not.toContainText('emailAlreadyExists');
  await expect(registered).toContainText('invalid');

  // A slow login shows "Working…" with its step instead of the previous failure.
  await expect(await logIn(page, EMAIL, 'wrong-password')).toContainText('FAILURE');
  const slow = await page.request.post(`${MOCK_URL}/_mock/faults`, {
    data: { kind: 'latency', latencyMs: 1500, path: '/_api/iam/authentication/v2/login' },
  });
  expect(slow.ok()).toBe(true);
  const login = panel(page, 'login');
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  const result = login.getByRole('status', { name: 'Login result' });
  await expect(result).toContainText('Working…');
  await expect(result).toContainText('checking the e-mail and password');
  await expect(result).not.toContainText('FAILURE');
  await expect(result).toContainText('SUCCESS');
  await expectRole(page, 'member');

  // The member changes the password; the result goes once the member logs out.
  const change = panel(page, 'change-password');
  await change.getByLabel('New password').fill('changed-secret-4');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status', { name: 'Change password result' })).toContainText(
    'The password is changed',
  );
  await panel(page, 'logout').getByRole('button', { name: 'Log out' }).click();
  await expectRole(page, 'visitor');
  await expect(change.getByRole('status', { name: 'Change password result' })).toHaveCount(0);
  await expect(result).toHaveCount(0);
});

test('cancelling on the hosted page lands on a page that says so, with the event log kept', async ({
  page,
}) => {
  await openPlayground(page);
  await panel(page, 'hosted-login')
    .getByRole('button', { name: 'Log in on the hosted page' })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByRole('heading', { name: 'Login cancelled' })).toBeVisible();
  await expect(page.getByText('You cancelled on the hosted login page')).toBeVisible();
  await expect(page.getByText('Completing the login')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the panels' }).click();
  await expectRole(page, 'visitor');
  const log = panel(page, 'event-log');
  await expect(log.getByText('Hosted login: the member cancelled')).toBeVisible();
  await expect(log.getByText('Hosted login: leaving for the hosted page')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Back from the platform' })).toHaveCount(0);
});

test('back from the hosted login to this page: a banner says so, and the event log kept the round trip', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const hosted = panel(page, 'hosted-login');
  await hosted.getByLabel('After logging in, go to').selectOption('/');
  await hosted.getByRole('button', { name: 'Log in on the hosted page' }).click();
  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status', { name: 'Back from the platform' })).toContainText(
    'Back from the hosted login: you are logged in as a member',
  );
  await expectRole(page, 'member');
  const log = panel(page, 'event-log');
  await expect(log.getByText('Back from the hosted login')).toBeVisible();
  await expect(log.getByText('Hosted login: code exchanged, role member')).toBeVisible();
  await expect(log.getByText('Hosted login: leaving for the hosted page (then /)')).toBeVisible();

  // Ending the hosted session too comes back with a word.
  await panel(page, 'logout').getByRole('button', { name: 'Log out' }).click();
  await panel(page, 'logout').getByRole('link', { name: 'Also end the hosted session' }).click();
  await expect(page.getByRole('status', { name: 'Back from the platform' })).toContainText(
    'the hosted session has ended',
  );
});
