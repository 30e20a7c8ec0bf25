import { expect, expectRole, logIn, openPlayground, panel, screenshot, test } from './fixtures';

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct-horse-1';

test('register, verify the e-mail with the code from the outbox, then member', async ({
  page,
  mock,
}) => {
  await mock.settings({ requireEmailVerification: true });
  await openPlayground(page);

  const register = panel(page, 'register');
  await register.getByLabel('E-mail').fill(EMAIL);
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByLabel('Nickname (optional)').fill('Ada');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByRole('status', { name: 'Register result' })).toContainText(
    'EMAIL_VERIFICATION_REQUIRED',
  );
  await expectRole(page, 'visitor');
  await screenshot(register, 'register');

  // The pending verification survives a reload of the tab.
  const verification = panel(page, 'email-verification');
  await expect(verification.getByTestId('pending-verification')).toContainText('yes, since');
  await page.reload();
  await expect(verification.getByTestId('pending-verification')).toContainText('yes, since');

  const sent = (await mock.outbox()).find((mail) => mail.kind === 'verification');
  expect(sent?.to).toBe(EMAIL);
  await expect(panel(page, 'outbox').getByText(sent?.code ?? '')).toBeVisible();
  await screenshot(panel(page, 'outbox'), 'outbox');

  await verification.getByRole('button', { name: 'Read the code from the outbox' }).click();
  await expect(verification.getByLabel('Verification code')).toHaveValue(sent?.code ?? '');
  await verification.getByRole('button', { name: 'Verify' }).click();
  await expect(
    verification.getByRole('status', { name: 'E-mail verification result' }),
  ).toContainText('SUCCESS');
  await expectRole(page, 'member');
  await expect(panel(page, 'event-log').getByText('SIGNED_IN: role member')).toBeVisible();
  await expect(verification.getByTestId('pending-verification')).toContainText('none');
  await screenshot(verification, 'email-verification');
});

test('owner approval: the member logs in once the owner approves', async ({ page, mock }) => {
  await mock.settings({ requireOwnerApproval: true });
  await openPlayground(page);

  const register = panel(page, 'register');
  await register.getByLabel('E-mail').fill(EMAIL);
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByRole('status', { name: 'Register result' })).toContainText(
    'OWNER_APPROVAL_REQUIRED',
  );

  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('OWNER_APPROVAL_REQUIRED');
  await expectRole(page, 'visitor');

  const settings = panel(page, 'site-settings');
  await expect(settings.getByLabel("New members need the site owner's approval")).toBeChecked();
  await settings.getByLabel('Approve a member (e-mail)').fill(EMAIL);
  await settings.getByRole('button', { name: 'Approve' }).click();
  await expect(settings.getByRole('status', { name: 'Site settings result' })).toContainText(
    `The owner approved ${EMAIL}`,
  );
  await screenshot(settings, 'site-settings');

  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(page, 'member');
});

test('a login with a wrong password shows the catalogue error', async ({ page, mock }) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const result = await logIn(page, EMAIL, 'not-the-password');
  await expect(result).toContainText('FAILURE');
  await expect(result).toContainText('errorCode: invalidPassword');
  await expectRole(page, 'visitor');
  await expect(
    panel(page, 'event-log').getByText(`Login ${EMAIL}: FAILURE (invalidPassword)`),
  ).toBeVisible();
  await screenshot(panel(page, 'login'), 'login-wrong-password');

  const unknown = await logIn(page, 'nobody@example.com', PASSWORD);
  await expect(unknown).toContainText('errorCode: invalidEmail');
});

test('captcha: a rejected invisible token asks for the visible one, which lets the member in', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await mock.settings({ captcha: 'invisible' });
  await openPlayground(page);
  const login = panel(page, 'login');

  await login.getByLabel('The invisible reCAPTCHA answers').selectOption('nothing');
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SILENT_CAPTCHA_REQUIRED');

  await login.getByLabel('The invisible reCAPTCHA answers').selectOption('rejected');
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('USER_CAPTCHA_REQUIRED');
  await expect(
    panel(page, 'event-log').getByText('Captcha: the platform asked for the visible reCAPTCHA'),
  ).toBeVisible();
  await screenshot(login, 'login-captcha-required');

  await login.getByLabel("I'm not a robot (the visible reCAPTCHA)").check();
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(page, 'member');
});

test('MFA: a member with a second factor logs in with the e-mailed code', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD, mfa: { factorType: 'email' } });
  await openPlayground(page);
  const login = panel(page, 'login');
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText(
    'A second factor is required (REQUIRE_MFA, factor EMAIL)',
  );
  await expectRole(page, 'visitor');

  const step = login.getByRole('form', { name: 'Second factor' });
  await step.getByRole('button', { name: 'Read the code from the outbox' }).click();
  const sent = (await mock.outbox()).find((mail) => mail.kind === 'mfa');
  await expect(step.getByLabel('One-time code')).toHaveValue(sent?.code ?? 'no code sent');
  await screenshot(login, 'login-mfa');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(login.getByRole('status', { name: 'Login result' })).toContainText('SUCCESS');
  await expectRole(page, 'member');
});

test('password reset through the outbox link, then a login with the new password', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const reset = panel(page, 'password-reset');
  await reset.getByLabel('E-mail').fill(EMAIL);
  await reset.getByRole('button', { name: 'Send the reset e-mail' }).click();
  await expect(reset.getByRole('status', { name: 'Password reset result' })).toContainText(
    `A recovery e-mail went to ${EMAIL}`,
  );

  await reset.getByRole('button', { name: 'Open the link from the outbox' }).click();
  await expect(page).toHaveURL(/recoveryToken=/);
  await expect(reset.getByText('You opened a password-reset link')).toBeVisible();
  await reset.getByLabel('New password').fill('brand-new-secret-2');
  await screenshot(reset, 'password-reset');
  await reset.getByRole('button', { name: 'Set the new password' }).click();
  await expect(reset.getByRole('status', { name: 'Password reset result' })).toContainText(
    'Your new password is set',
  );
  expect(page.url()).not.toContain('recoveryToken');

  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('errorCode: invalidPassword');
  await expect(await logIn(page, EMAIL, 'brand-new-secret-2')).toContainText('SUCCESS');
  await expectRole(page, 'member');
});

test('a member changes the password', async ({ page, mock }) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const change = panel(page, 'change-password');
  await expect(change.getByText('Log in first')).toBeVisible();
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');

  await change.getByLabel('New password').fill('changed-secret-3');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByRole('status', { name: 'Change password result' })).toContainText(
    'The password is changed',
  );
  await screenshot(change, 'change-password');
  await expect
    .poll(
      async () =>
        (await mock.requests()).filter(
          (entry) => entry.path.endsWith('/v2/change-password') && entry.status === 200,
        ).length,
    )
    .toBe(1);
});

test('a login during a network failure resolves with a NETWORK_ERROR result, then succeeds once the network is back', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const faults = panel(page, 'faults');
  await faults.getByLabel('Network failure (the connection drops)').check();
  await expect.poll(() => mock.armedFaults()).toBe(1);

  const result = await logIn(page, EMAIL, PASSWORD);
  await expect(result).toContainText('FAILURE');
  await expect(result).toContainText('errorCode: NETWORK_ERROR');
  await expectRole(page, 'visitor');
  await expect(
    panel(page, 'request-log').getByRole('row').filter({ hasText: '/v2/login' }).first(),
  ).toContainText('0');

  await faults.getByLabel('Network failure (the connection drops)').uncheck();
  await expect.poll(() => mock.armedFaults()).toBe(0);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(page, 'member');
});
