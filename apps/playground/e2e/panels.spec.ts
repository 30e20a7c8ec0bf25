import {
  devtoolsErrors,
  devtoolsAction,
  devtoolsLog,
  expect,
  expectRole,
  openPlayground,
  panel,
  screenshot,
  screenshotDevtools,
  test,
} from './fixtures';

test('"Add a test member": each preset leads the login to its state', async ({ page }) => {
  await openPlayground(page);
  const add = panel(page, 'add-member');
  const login = panel(page, 'login');
  const cases = [
    ['with a second factor (e-mailed code)', 'REQUIRE_MFA'],
    ['who must reset the password', 'resetPassword'],
    ["waiting for the owner's approval", 'OWNER_APPROVAL_REQUIRED'],
    ['with an unverified e-mail', 'EMAIL_VERIFICATION_REQUIRED'],
  ] as const;
  for (const [preset, state] of cases) {
    await add.getByLabel('A member').selectOption({ label: preset });
    await add.getByRole('button', { name: 'Add the member' }).click();
    await expect(add.getByRole('status', { name: 'Add member result' })).toContainText(preset);
    await expect(login.getByLabel('E-mail')).toHaveValue(/@example\.com$/);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByRole('status', { name: 'Login result' })).toContainText(state);
  }
  await screenshot(add, 'add-member');
  await expectRole(page, 'visitor');
});

test('sign-on, activation e-mail, start verification and the authorized_client grant each have a panel', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  const signOn = panel(page, 'sign-on');
  await signOn.getByLabel('E-mail').fill('sso@example.com');
  await signOn.getByRole('button', { name: '1. Sign on' }).click();
  await expect(signOn.getByRole('status', { name: 'Sign-on result' })).toContainText(
    'session token',
  );
  await signOn.getByRole('button', { name: '2. Complete in a hidden frame' }).click();
  await expect(signOn.getByRole('status', { name: 'Sign-on result' })).toContainText(
    'You are a member',
  );
  await expectRole(page, 'member');

  const activation = panel(page, 'activation-email');
  await activation.getByLabel('Member').selectOption({ label: 'sso@example.com (no password)' });
  await activation.getByRole('button', { name: 'Send the activation e-mail' }).click();
  await expect(activation.getByRole('status', { name: 'Activation e-mail result' })).toContainText(
    'activation e-mail went out',
  );
  await expect
    .poll(async () => (await mock.outbox()).map((mail) => mail.kind))
    .toContain('activation');

  const start = panel(page, 'start-verification');
  await start.getByLabel('Member').selectOption({ index: 1 });
  await start.getByRole('button', { name: 'Start verification' }).click();
  await expect(start.getByRole('status', { name: 'Start verification result' })).toContainText(
    'verification code went out',
  );
  await expect(panel(page, 'email-verification').getByTestId('pending-verification')).toContainText(
    'yes, since',
  );

  const external = panel(page, 'authorized-client');
  await external.getByLabel('Member').selectOption({ index: 1 });
  await external.getByRole('button', { name: "Get the member's tokens" }).click();
  await expect(external.getByRole('status', { name: 'External login result' })).toContainText(
    'role member',
  );
  expect(await mock.grants('authorized_client', 200)).toBe(1);
  await screenshot(page, 'server-side-panels');
});

test('the fault panel arms every fault kind of the mock platform on a chosen endpoint, and a 429 reads as a sentence', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  const faults = panel(page, 'faults');
  const form = faults.getByRole('form', { name: 'Arm a fault' });
  const kinds = await form
    .getByLabel('Fault')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(kinds).toEqual(
    expect.arrayContaining([
      'network',
      'timeout',
      'status',
      'html',
      'empty',
      'truncated',
      'wrong-shape',
      'latency',
      'lost',
    ]),
  );
  await form.getByLabel('Endpoint').selectOption({ label: 'token endpoint (/oauth2/token)' });
  for (const kind of kinds) {
    await form.getByLabel('Fault').selectOption(kind);
    await form.getByRole('button', { name: 'Arm the fault' }).click();
    await expect(
      faults.getByRole('list', { name: 'Armed faults' }).getByRole('listitem'),
    ).toHaveCount(kinds.indexOf(kind) + 1);
  }
  const armed = await mock.faults();
  expect(armed.map((fault) => fault.kind).sort()).toEqual([...kinds].sort());
  expect(new Set(armed.map((fault) => fault.path))).toEqual(new Set(['/oauth2/token']));
  await screenshot(faults, 'faults-every-kind');

  await faults.getByRole('button', { name: 'Remove every fault' }).click();
  await expect.poll(() => mock.armedFaults()).toBe(0);

  // A 429 on login only: the login result says what happened in words.
  await form.getByLabel('Fault').selectOption('status');
  await form.getByLabel('Endpoint').selectOption({ label: 'login (/v2/login)' });
  await form.getByRole('combobox', { name: /^Status/ }).selectOption('429');
  await form.getByRole('button', { name: 'Arm the fault' }).click();
  await expect
    .poll(() => mock.faults())
    .toEqual([
      expect.objectContaining({
        kind: 'status',
        status: 429,
        path: '/_api/iam/authentication/v2/login',
      }),
    ]);
  const login = panel(page, 'login');
  await login.getByLabel('E-mail').fill('someone@example.com');
  await login.getByLabel('Password').fill('whatever-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('status', { name: 'Login result' })).toContainText('FAILURE');
  await expect(login.getByRole('status', { name: 'Login result' })).toContainText(
    'TOO_MANY_REQUESTS',
  );
});

test('settings and faults are live across tabs, and a renewal that fails in one shows in its devtools', async ({
  context,
  page,
}) => {
  await openPlayground(page);
  const other = await context.newPage();
  await openPlayground(other);

  await panel(other, 'site-settings').getByLabel('New members must verify their e-mail').check();
  await expect(
    panel(page, 'site-settings').getByLabel('New members must verify their e-mail'),
  ).toBeChecked();
  await panel(other, 'site-settings')
    .getByLabel('A reused refresh token')
    .selectOption('revoke-family');
  await panel(other, 'site-settings')
    .getByLabel('Authorization-code lifetime (seconds)')
    .selectOption('10');
  await expect(panel(page, 'site-settings').getByLabel('A reused refresh token')).toHaveValue(
    'revoke-family',
  );
  await expect(
    panel(page, 'site-settings').getByLabel('Authorization-code lifetime (seconds)'),
  ).toHaveValue('10');
  await panel(other, 'faults').getByLabel('503 Service Unavailable').check();
  await expect(panel(page, 'faults').getByLabel('503 Service Unavailable')).toBeChecked();

  // A renewal that fails in the other tab: its devtools log the request and list the typed error.
  await devtoolsAction(other, 'Renew now');
  await expect(devtoolsErrors(other)).toContainText('SERVER_ERROR (retryable)');
  await expect(devtoolsLog(other)).toContainText(/Renewal failed \(.+\) in \d+ ms/);
  await screenshotDevtools(other, 'devtools-failed-renewal');
  await panel(page, 'faults').getByLabel('503 Service Unavailable').uncheck();
});
