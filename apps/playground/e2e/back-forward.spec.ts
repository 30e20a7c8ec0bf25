import type { Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../config/playwright.base';
import {
  devtoolsAction,
  devtoolsField,
  devtoolsLog,
  expect,
  expectRole,
  logIn,
  MOCK_URL,
  openPlayground,
  panel,
  test,
} from './fixtures';

// Playwright starts Chromium with the back/forward cache off; these tests need it on.
test.use({
  launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
});

const EMAIL = 'back-forward@example.com';
const PASSWORD = 'back-forward-1';

/** Records every `pageshow` of the page's documents, so a test can prove the cache was used. */
async function recordPageShows(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shows: boolean[] = [];
    (window as unknown as { pageShows: boolean[] }).pageShows = shows;
    window.addEventListener('pageshow', (event) => shows.push(event.persisted));
  });
}

/** Goes back and waits for the commit only (a restored page fires no load), then checks it came from the cache. */
async function backFromCache(page: Page): Promise<void> {
  await page.goBack({ waitUntil: 'commit' });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { pageShows: boolean[] }).pageShows))
    .toEqual([false, true]);
}

test('back/forward: signed out in tab B, Back in tab A restored from the cache shows a visitor at once', async ({
  context,
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await recordPageShows(page);
  await openPlayground(page);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  // Tab A leaves the panels for another page: the panels' page goes into the cache.
  await page.goto(`${MOCK_URL}/`);

  const b = await context.newPage();
  await openPlayground(b, 'member');
  await devtoolsAction(b, 'Sign out here');
  await expectRole(b, 'visitor');
  const anonymousGrants = await mock.grants('anonymous');

  await backFromCache(page);
  // At once: the stored session is read again on pageshow, before anything else.
  await expectRole(page, 'visitor');
  await expect(devtoolsField(page, 'ended')).toHaveText(/^signed_out, in another tab$/);
  await expect(devtoolsLog(page)).toContainText('Page restored from the back/forward cache');
  // Tab B's visitor session is the one A adopted: no request of its own.
  expect(await mock.grants('anonymous')).toBe(anonymousGrants);
});

test('back/forward: a restored page whose access token expired while cached renews before its first call', async ({
  page,
  mock,
}) => {
  // Valid for 5 s (the manager treats the last 60 s of a token as expired).
  await mock.settings({ accessTokenTtlSeconds: 65 });
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await recordPageShows(page);
  await openPlayground(page);
  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  await page.goto(`${MOCK_URL}/`);
  const before = await mock.grants('refresh_token');
  // Cached, with its timers frozen, while the access token expires.
  await page.waitForTimeout(7_000);
  expect(await mock.grants('refresh_token')).toBe(before);
  await mock.settings({ accessTokenTtlSeconds: 3600 });

  await backFromCache(page);
  const visitorTokens = panel(page, 'visitor-tokens');
  await visitorTokens.getByRole('button', { name: 'Call getTokens() five times at once' }).click();
  await expect(visitorTokens.getByRole('status', { name: 'Visitor tokens result' })).toContainText(
    'role member',
  );
  await expect(devtoolsField(page, 'expires')).toContainText(/^in 59:/);
  expect(await mock.grants('refresh_token', 200)).toBe(before + 1);
  const log = devtoolsLog(page).locator('li');
  const lines = await log.allTextContents();
  const restoredAt = lines.findIndex((line) => line.includes('Page restored'));
  const renewedAt = lines.findIndex((line) => /Renewal renewed \(refresh token\)/.test(line));
  // Newest first: the renewal came after the restore.
  expect(restoredAt).toBeGreaterThan(renewedAt);
  expect(renewedAt).toBeGreaterThanOrEqual(0);
});
