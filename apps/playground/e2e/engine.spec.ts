import type { Page } from '@playwright/test';
import {
  devtools,
  expect,
  expectRole,
  logIn,
  MOCK_URL,
  openPlayground,
  panel,
  test,
} from './fixtures';

const EMAIL = 'engine@example.com';
const PASSWORD = 'four-tabs-1';
/** Just past the 60-second leeway: a renewal falls due about 6 s after each one. */
const SHORT_TTL_SECONDS = 66;
const RANDOM_RUN_MS = 90_000;

interface LoggedRequest {
  readonly grantType?: string;
  readonly status: number;
  readonly refreshTokenReused?: boolean;
}

/** A tab whose localStorage.setItem throws for the token record (quota exceeded). */
async function withFailingStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (String(key).endsWith(':tokens'))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
}

test('four tabs: a held answer, a failing storage, a corrupt record and 90 s of random calls with family revocation keep the member, each refresh token presented once', async ({
  context,
  page,
  mock,
  request,
}) => {
  test.setTimeout(240_000);
  await mock.settings({
    accessTokenTtlSeconds: SHORT_TTL_SECONDS,
    refreshTokenReuse: 'revoke-family',
  });
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  const failing = await context.newPage();
  await withFailingStorage(failing);
  const tabs = [page, await context.newPage(), await context.newPage(), failing];
  for (const tab of tabs) await openPlayground(tab);
  const key = await page.evaluate(
    () => Object.keys(localStorage).find((k) => k.endsWith(':tokens')) ?? '',
  );
  expect(key).toMatch(/:tokens$/);

  await expect(await logIn(page, EMAIL, PASSWORD)).toContainText('SUCCESS');
  for (const tab of tabs) await expectRole(tab, 'member');

  // A refresh answer held 6 s: longer than the old lock time-out, within the request time-out.
  const held = await request.post(`${MOCK_URL}/_mock/faults`, {
    data: { path: '/oauth2/token', kind: 'latency', latencyMs: 6_000, latencyPhase: 'response' },
  });
  expect(held.ok()).toBe(true);
  await expect.poll(async () => (await mock.armedFaults()) === 0, { timeout: 30_000 }).toBe(true);

  // A corrupt record written by hand.
  await tabs[1]!.evaluate((k) => localStorage.setItem(k, '{"accessToken":'), key);

  // Random calls in random tabs for 90 s while renewals fall due every few seconds.
  const end = Date.now() + RANDOM_RUN_MS;
  let calls = 0;
  while (Date.now() < end) {
    const tab = tabs[Math.floor(Math.random() * tabs.length)]!;
    // getTokens() (five at once) from a panel, or the devtools' "Renew now" (refresh()).
    const target = panel(tab, 'visitor-tokens').getByRole('button', {
      name: 'Call getTokens() five times at once',
    });
    if (Math.random() < 0.5) {
      // Clicked in place (the panel stays closed): opening and closing it takes longer than the waits.
      await devtools(tab).locator('[data-action="renew"]').dispatchEvent('click');
      calls++;
    } else if (await target.isEnabled()) {
      await target.click();
      calls++;
    }
    await tab.waitForTimeout(200 + Math.floor(Math.random() * 1_300));
  }
  expect(calls).toBeGreaterThan(30);

  for (const tab of tabs) await expectRole(tab, 'member');
  const log = (await (await request.get(`${MOCK_URL}/_mock/requests`)).json()) as LoggedRequest[];
  const refreshes = log.filter((entry) => entry.grantType === 'refresh_token');
  expect(refreshes.length).toBeGreaterThan(10);
  expect(refreshes.filter((entry) => entry.refreshTokenReused)).toEqual([]);
  expect(refreshes.filter((entry) => entry.status !== 200)).toEqual([]);
  // The tab that cannot store still shares: the record holds a member session.
  const stored = await page.evaluate((k) => localStorage.getItem(k), key);
  expect(JSON.parse(stored ?? 'null')).toMatchObject({ refreshToken: { role: 'member' } });
});
