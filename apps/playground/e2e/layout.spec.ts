import {
  expect,
  expectNoHorizontalOverflow,
  MOCK_URL,
  openPlayground,
  panel,
  screenshot,
  test,
} from './fixtures';

const PHONE = { width: 390, height: 844 };
const EMAIL = 'phone@example.com';
const PASSWORD = 'small-screen-1';

test('at 390 px no page is wider than the screen, and the request log keeps its grant and status columns', async ({
  page,
  mock,
}) => {
  await page.setViewportSize(PHONE);
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await mock.settings({ captcha: 'invisible' });
  await openPlayground(page);

  // The panels, with a failure, details open, the captcha controls and the fault form on show.
  const login = panel(page, 'login');
  await login.getByLabel('E-mail').fill(EMAIL);
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  const result = login.getByRole('status', { name: 'Login result' });
  await expect(result).toContainText('FAILURE');
  await result.getByText('Details').click();
  await expect(login.getByTestId('captcha-hint')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'phone-panels');

  const row = panel(page, 'request-log').getByRole('row').filter({ hasText: 'anonymous' }).first();
  for (const cell of [row.getByText('anonymous'), row.getByText('200')]) {
    const box = await cell.boundingBox();
    expect(box, 'a request log cell is laid out').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  await screenshot(panel(page, 'request-log'), 'phone-request-log');

  for (const path of ['/members', '/callback']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `phone${path.replace('/', '-')}`);
  }
  await expect(page.getByRole('heading', { name: 'No login to complete' })).toBeVisible();

  // The mock platform's own pages: its root page and the hosted login page.
  await page.goto(`${MOCK_URL}/`);
  await expect(page.getByRole('heading', { name: 'Mock platform' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'GET /_mock/state' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'phone-mock-root');

  await openPlayground(page);
  await panel(page, 'hosted-login')
    .getByRole('button', { name: 'Log in on the hosted page' })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'phone-hosted-login');
});
