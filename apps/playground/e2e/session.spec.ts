import { expect, expectRole, openPlayground, panel, screenshot, test } from './fixtures';

test('visitor tokens on first load, and none fetched again on reload', async ({ page, mock }) => {
  await openPlayground(page, 'visitor');
  await expect.poll(() => mock.grants('anonymous')).toBe(1);
  await expect(panel(page, 'visitor-tokens').getByTestId('anonymous-grants')).toHaveText('1');
  await expect(panel(page, 'session').getByTestId('access-expiry')).toContainText('in 59 min');

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

test('the session panel refreshes now, and clears to role none with a visitor session following', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  const session = panel(page, 'session');
  await session.getByRole('button', { name: 'Refresh now' }).click();
  await expect(session.getByRole('status', { name: 'Session result' })).toContainText('Renewed');
  await expect.poll(() => mock.grants('refresh_token', 200)).toBe(1);
  await expectRole(page, 'visitor');
  // One for the first visitor tokens, one for the renewal.
  await expect(panel(page, 'event-log').getByText('TOKENS_REFRESHED: role visitor')).toHaveCount(2);
  await screenshot(session, 'session');

  await session.getByRole('button', { name: 'Clear' }).click();
  await expect(panel(page, 'event-log').getByText('SIGNED_OUT: role none')).toBeVisible();
  // The provider gets the next visitor session by itself.
  await expect.poll(() => mock.grants('anonymous')).toBe(2);
  await expectRole(page, 'visitor');
  await expect(session.getByTestId('access-expiry')).toContainText('in 59 min');
  await screenshot(panel(page, 'event-log'), 'event-log');
});
