import {
  devtoolsAction,
  devtoolsField,
  devtoolsLog,
  expect,
  expectRole,
  openPlayground,
  panel,
  screenshot,
  screenshotDevtools,
  test,
} from './fixtures';

test('visitor tokens on first load, and none fetched again on reload', async ({ page, mock }) => {
  await openPlayground(page, 'visitor');
  await expect.poll(() => mock.grants('anonymous')).toBe(1);
  await expect(panel(page, 'visitor-tokens').getByTestId('anonymous-grants')).toHaveText('1');
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/);

  await page.reload();
  await expectRole(page, 'visitor');
  // Five concurrent getTokens() calls after the reload: all answered from storage.
  await panel(page, 'visitor-tokens')
    .getByRole('button', { name: 'Call getTokens() five times at once' })
    .click();
  await expect(panel(page, 'visitor-tokens').getByRole('status')).toContainText(
    'resolved with role visitor',
  );
  expect(await mock.grants('anonymous')).toBe(1);

  await expect(panel(page, 'request-log').getByRole('cell', { name: 'anonymous' })).toHaveCount(1);
  await screenshot(panel(page, 'visitor-tokens'), 'visitor-tokens');
  await screenshot(panel(page, 'request-log'), 'request-log');
  await screenshot(page, 'playground-full');
});

test('the devtools renew now, and sign out here to role none with a visitor session following', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  await devtoolsAction(page, 'Renew now');
  await expect(devtoolsLog(page)).toContainText(
    /Renewal renewed \(refresh token\) in \d+ ms → generation 2/,
  );
  await expect.poll(() => mock.grants('refresh_token', 200)).toBe(1);
  await expectRole(page, 'visitor');
  // One for the first visitor tokens, one for the renewal.
  await expect(panel(page, 'event-log').getByText('TOKENS_REFRESHED: role visitor')).toHaveCount(2);
  await screenshotDevtools(page, 'devtools-session');

  await devtoolsAction(page, 'Sign out here');
  await expect(panel(page, 'event-log').getByText('SIGNED_OUT: role none')).toBeVisible();
  // The provider gets the next visitor session by itself.
  await expect.poll(() => mock.grants('anonymous')).toBe(2);
  await expectRole(page, 'visitor');
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/);
  await screenshot(panel(page, 'event-log'), 'event-log');
});
