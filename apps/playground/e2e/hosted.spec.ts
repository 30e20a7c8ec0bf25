import {
  expect,
  expectRole,
  logIn,
  MOCK_URL,
  openPlayground,
  panel,
  screenshot,
  test,
} from './fixtures';

const EMAIL = 'grace@example.com';
const PASSWORD = 'hosted-login-1';

test('the hosted-login round trip lands as member on the original page, with the code gone from the URL', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const hosted = panel(page, 'hosted-login');
  await expect(hosted.getByLabel('After logging in, go to')).toHaveValue('/members');
  await screenshot(hosted, 'hosted-login');
  await hosted.getByRole('button', { name: 'Log in on the hosted page' }).click();

  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await screenshot(page, 'hosted-login-page');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/members');
  await expect(page.getByTestId('members-welcome')).toBeVisible();
  expect(page.url()).not.toMatch(/code=|state=/);
  await expect(page.getByLabel('Current role')).toContainText('member');
  await screenshot(page, 'members-page');
  expect(await mock.grants('authorization_code', 200)).toBe(1);
});

test('silent login exchanges a session token in a hidden frame, which is then removed', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const silent = panel(page, 'silent-login');
  await silent.getByLabel('E-mail').fill(EMAIL);
  await silent.getByLabel('Password').fill(PASSWORD);
  await silent.getByRole('button', { name: '1. Get a session token' }).click();
  await expect(silent.getByRole('status', { name: 'Silent login result' })).toContainText(
    'Step 1 done',
  );
  await expectRole(page, 'visitor');

  await silent.getByRole('button', { name: '2. Sign in in a hidden frame' }).click();
  await expect(silent.getByRole('status', { name: 'Silent login result' })).toContainText(
    'Step 2 done',
  );
  await expectRole(page, 'member');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await mock.grants('authorization_code', 200)).toBe(1);
  await screenshot(silent, 'silent-login');
});

test('pre-warm runs once, then is skipped within 7 days unless forced', async ({ page, mock }) => {
  await openPlayground(page);
  const prewarm = panel(page, 'prewarm');
  await expect(prewarm.getByTestId('prewarm-stamp')).toHaveText('never');
  await prewarm.getByRole('button', { name: 'Pre-warm', exact: true }).click();
  await expect(prewarm.getByRole('status', { name: 'Pre-warm result' })).toContainText(
    'Pre-warmed',
  );
  await expect(prewarm.getByTestId('prewarm-stamp')).not.toHaveText('never');
  await expect(page.locator('iframe')).toHaveCount(0);
  const sessionsAfterFirst = (await mock.requests()).filter((entry) =>
    entry.path.endsWith('/v1/redirect-session'),
  ).length;
  expect(sessionsAfterFirst).toBeGreaterThan(0);

  await prewarm.getByRole('button', { name: 'Pre-warm', exact: true }).click();
  await expect(prewarm.getByRole('status', { name: 'Pre-warm result' })).toContainText('Skipped');
  expect(
    (await mock.requests()).filter((entry) => entry.path.endsWith('/v1/redirect-session')).length,
  ).toBe(sessionsAfterFirst);
  await screenshot(prewarm, 'prewarm');

  await prewarm.getByRole('button', { name: 'Pre-warm even if recent' }).click();
  await expect(prewarm.getByRole('status', { name: 'Pre-warm result' })).toContainText(
    'Pre-warmed',
  );
});

test('logout clears the member to role none, a visitor session follows, and it offers the platform logout page', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(page, 'member');

  const logout = panel(page, 'logout');
  await logout.getByRole('button', { name: 'Log out' }).click();
  await expect(logout.getByRole('status', { name: 'Logout result' })).toContainText('role none');
  await expect(panel(page, 'event-log').getByText('SIGNED_OUT: role none')).toBeVisible();
  // The provider gets the next visitor session by itself.
  await expectRole(page, 'visitor');
  const link = logout.getByRole('link', { name: 'Also end the hosted session' });
  await expect(link).toHaveAttribute('href', new RegExp(`^${MOCK_URL}/`));
  await screenshot(logout, 'logout');

  await link.click();
  await expect(page).toHaveURL('/');
  await expectRole(page, 'visitor');
});

test('checkout intents get a redirect session with a hosted URL', async ({ page }) => {
  await openPlayground(page);
  const checkout = panel(page, 'checkout');
  await checkout.getByRole('button', { name: 'Create the redirect session' }).click();
  await expect(checkout.getByRole('status', { name: 'Redirect session result' })).toContainText(
    'created redirect session',
  );
  await expect(checkout.getByTestId('redirect-url')).toContainText(`${MOCK_URL}/`);

  await checkout.getByLabel('Intent').selectOption('paidPlansCheckout');
  await expect(checkout.getByLabel('planId')).toHaveValue('plan-gold');
  await checkout.getByRole('button', { name: 'Create the redirect session' }).click();
  await expect(checkout.getByTestId('redirect-endpoint')).toContainText('paidPlansCheckout');
  await screenshot(checkout, 'checkout');

  await checkout.getByTestId('redirect-url').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
  await screenshot(page, 'checkout-hosted-page');
});
