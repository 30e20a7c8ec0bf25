import {
  devtoolsErrors,
  devtoolsField,
  expect,
  expectRole,
  logIn,
  openPlayground,
  panel,
  screenshot,
  screenshotDevtools,
  test,
} from './fixtures';

const EMAIL = 'tabs@example.com';
const PASSWORD = 'two-tabs-1';
/** An access-token lifetime just past the 60-second leeway: renewal falls due about 6 s after it is issued. */
const SHORT_TTL_SECONDS = 66;
/** Long enough for one renewal to fall due and run. */
const RENEWAL_WAIT_MS = 20_000;

test('two tabs: a login in one makes the other member without a reload, and a logout follows too', async ({
  context,
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const other = await context.newPage();
  await openPlayground(other);
  // The second tab reused the first tab's visitor tokens.
  expect(await mock.grants('anonymous')).toBe(1);

  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(page, 'member');
  await expectRole(other, 'member');
  await expect(panel(other, 'event-log').getByText('SIGNED_IN: role member')).toBeVisible();
  await screenshot(other, 'second-tab-member');

  await panel(other, 'logout').getByRole('button', { name: 'Log out' }).click();
  await expect(panel(page, 'event-log').getByText('SIGNED_OUT: role none')).toBeVisible();
  // Both providers get the next visitor session by themselves.
  await expectRole(other, 'visitor');
  await expectRole(page, 'visitor');
});

test('an access token expiring in both tabs at once, with refresh-token rotation, leaves both tabs member', async ({
  context,
  page,
  mock,
}) => {
  await mock.settings({ accessTokenTtlSeconds: SHORT_TTL_SECONDS, rotateRefreshTokens: true });
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const other = await context.newPage();
  await openPlayground(other);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await expectRole(other, 'member');
  const anonymousBefore = await mock.grants('anonymous');

  // Both tabs hold the same token set and renew it ahead of expiry at the same moment.
  await expect
    .poll(() => mock.grants('refresh_token', 200), { timeout: RENEWAL_WAIT_MS })
    .toBeGreaterThanOrEqual(1);
  // Once more with the rotated refresh token; that renewal brings an hour-long access token, so the session settles.
  await mock.settings({ accessTokenTtlSeconds: 3600 });
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/, {
    timeout: RENEWAL_WAIT_MS,
  });
  // Both tabs then also ask at once; the renewed token is valid, so nothing more is fetched.
  const getTokens = { name: 'Call getTokens() five times at once' };
  await Promise.all([
    panel(page, 'visitor-tokens').getByRole('button', getTokens).click(),
    panel(other, 'visitor-tokens').getByRole('button', getTokens).click(),
  ]);
  await expect(
    panel(page, 'visitor-tokens').getByRole('status', { name: 'Visitor tokens result' }),
  ).toContainText('role member');
  await expect(
    panel(other, 'visitor-tokens').getByRole('status', { name: 'Visitor tokens result' }),
  ).toContainText('role member');

  await expectRole(page, 'member');
  await expectRole(other, 'member');
  // No tab used a rotated-out refresh token, and no tab fell back to visitor tokens.
  expect(await mock.grants('refresh_token')).toBe(await mock.grants('refresh_token', 200));
  expect(await mock.grants('anonymous')).toBe(anonymousBefore);
  await expect(
    panel(page, 'event-log')
      .getByRole('list', { name: 'Session events' })
      .getByText('SESSION_EXPIRED'),
  ).toHaveCount(0);
  await expect(
    panel(other, 'event-log')
      .getByRole('list', { name: 'Session events' })
      .getByText('SESSION_EXPIRED'),
  ).toHaveCount(0);
  // Both tabs show the same, renewed token.
  const expiry =
    (await devtoolsField(page, 'expires').textContent())?.match(/\(at .+\)/)?.[0] ??
    'no expiry shown';
  await expect(devtoolsField(other, 'expires')).toContainText(expiry);
  await screenshotDevtools(page, 'devtools-after-rotation');
});

test('a 503 during a refresh keeps the member logged in', async ({ page, mock }) => {
  await mock.settings({ accessTokenTtlSeconds: SHORT_TTL_SECONDS });
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');

  const faults = panel(page, 'faults');
  await faults.getByLabel('503 Service Unavailable').check();
  await expect.poll(() => mock.armedFaults()).toBe(1);
  await screenshot(faults, 'faults');

  // The renewal falls due, the token endpoint answers 503: the member stays, with the error on show.
  await expect(devtoolsField(page, 'retry')).toContainText('SERVER_ERROR', {
    timeout: RENEWAL_WAIT_MS,
  });
  await expectRole(page, 'member');
  await expect(
    panel(page, 'event-log').getByText('Renewal failed (SERVER_ERROR); the session stays member'),
  ).toBeVisible();
  expect(await mock.grants('refresh_token', 503)).toBeGreaterThanOrEqual(1);
  // The countdown is the token manager's own next attempt (5 s after the first failures).
  await expect(devtoolsField(page, 'retry')).toHaveText(
    /^backing off after SERVER_ERROR: next try in 0:0[0-5]$/,
  );
  await expect(devtoolsErrors(page)).toContainText('SERVER_ERROR (retryable)');
  await screenshotDevtools(page, 'devtools-503');

  // A reload during the outage still finds the member in storage.
  await page.reload();
  await expectRole(page, 'member');

  // The platform recovers: the next call renews and the error clears. After the reload the
  // switch shows the armed fault once the panel has read it from the platform; only then
  // is unticking it a real change (unchecking an unchecked box does nothing).
  const switch503 = panel(page, 'faults').getByLabel('503 Service Unavailable');
  await expect(switch503).toBeChecked();
  await switch503.uncheck();
  await expect.poll(() => mock.armedFaults()).toBe(0);
  const visitorTokens = panel(page, 'visitor-tokens');
  await visitorTokens.getByRole('button', { name: 'Call getTokens() five times at once' }).click();
  await expect(visitorTokens.getByRole('status', { name: 'Visitor tokens result' })).toContainText(
    'role member',
  );
  await expect(devtoolsField(page, 'retry')).toHaveText('—');
  expect(await mock.grants('anonymous')).toBe(1);
});
