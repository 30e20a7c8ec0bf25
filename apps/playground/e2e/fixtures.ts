import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The mock platform the e2e build talks to (see .env.e2e and playwright.config.ts). */
export const MOCK_URL = 'http://127.0.0.1:4011';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

export type Role = 'none' | 'visitor' | 'member';

export interface RequestLogEntry {
  readonly method: string;
  readonly path: string;
  readonly grantType?: string;
  readonly status: number;
}

export interface OutboxEmail {
  readonly to: string;
  readonly kind: string;
  readonly code?: string;
  readonly link?: string;
}

/** The mock platform's control API, for arranging a test and checking what reached the platform. */
export interface MockPlatform {
  requests(): Promise<RequestLogEntry[]>;
  outbox(): Promise<OutboxEmail[]>;
  settings(patch: Record<string, unknown>): Promise<void>;
  addMember(member: {
    email: string;
    password?: string;
    mfa?: {
      factorType: 'sms' | 'call' | 'email' | 'totp' | 'push' | 'webauthn' | 'recovery_code';
      factors?: string[];
      recoveryCodes?: string[];
    };
    resetPasswordRequired?: boolean;
  }): Promise<void>;
  /** The kinds and paths of the armed faults. */
  faults(): Promise<{ kind: string; path?: string; status?: number }[]>;
  /** How many faults are armed. */
  armedFaults(): Promise<number>;
  /** How many token requests of one grant the platform answered with `status` (any status when omitted). */
  grants(grantType: string, status?: number): Promise<number>;
}

function control(request: APIRequestContext): MockPlatform {
  const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
    const body: unknown = await response.json();
    return body;
  };
  const api: MockPlatform = {
    requests: async () =>
      (await ok(await request.get(`${MOCK_URL}/_mock/requests`))) as RequestLogEntry[],
    outbox: async () => (await ok(await request.get(`${MOCK_URL}/_mock/outbox`))) as OutboxEmail[],
    settings: async (patch) => {
      await ok(await request.post(`${MOCK_URL}/_mock/settings`, { data: patch }));
    },
    addMember: async (member) => {
      await ok(await request.post(`${MOCK_URL}/_mock/members`, { data: member }));
    },
    faults: async () =>
      (
        (await ok(await request.get(`${MOCK_URL}/_mock/state`))) as {
          faults: { kind: string; path?: string; status?: number }[];
        }
      ).faults,
    armedFaults: async () =>
      ((await ok(await request.get(`${MOCK_URL}/_mock/state`))) as { faults: unknown[] }).faults
        .length,
    grants: async (grantType, status) =>
      (await api.requests()).filter(
        (entry) =>
          entry.grantType === grantType && (status === undefined || entry.status === status),
      ).length,
  };
  return api;
}

/** Every test starts from a fresh mock platform: no members, no e-mails, no faults, default settings. */
export const test = base.extend<{ mock: MockPlatform }>({
  mock: [
    async ({ request }, use) => {
      const reset = await request.post(`${MOCK_URL}/_mock/reset`);
      expect(reset.ok()).toBe(true);
      await use(control(request));
    },
    { auto: true },
  ],
});

export { expect };

/** A panel of the playground by its id. */
export const panel = (page: Page, id: string): Locator => page.getByTestId(`panel-${id}`);

/** Waits until the page's header shows `role`. */
export async function expectRole(page: Page, role: Role): Promise<void> {
  await expect(page.getByLabel('Current role').getByTestId('role-badge')).toHaveText(role);
}

/** The Identity devtools of a page (in a shadow root, which Playwright's locators pierce). */
export const devtools = (page: Page): Locator => page.locator('[data-site-identity-devtools]');

/** One row of the devtools' session table (`status`, `expires`, `retry`, …). */
export const devtoolsField = (page: Page, field: string): Locator =>
  devtools(page).locator(`[data-field="${field}"]`);

/** The devtools' event log, newest first (read whether the panel is open or not). */
export const devtoolsLog = (page: Page): Locator => devtools(page).locator('[role="log"]');

/** The devtools' last errors (read whether the panel is open or not). */
export const devtoolsErrors = (page: Page): Locator =>
  devtools(page).locator('ul[aria-labelledby="errors-title"]');

/** The devtools' button that opens and closes the panel. */
export const devtoolsToggle = (page: Page): Locator =>
  devtools(page).getByRole('button', { name: /^Identity devtools/ });

/** Opens (or closes) the devtools panel. */
export async function setDevtoolsOpen(page: Page, open: boolean): Promise<void> {
  const toggle = devtoolsToggle(page);
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', String(open));
}

/** Runs one action of the devtools panel (it opens the panel, then closes it: it covers the page's lower part). */
export async function devtoolsAction(page: Page, name: string): Promise<void> {
  await setDevtoolsOpen(page, true);
  await devtools(page).getByRole('button', { name, exact: true }).click();
  await setDevtoolsOpen(page, false);
}

/** Saves a screenshot of the open devtools panel. */
export async function screenshotDevtools(page: Page, name: string): Promise<void> {
  await setDevtoolsOpen(page, true);
  await screenshot(devtools(page).locator('#panel'), name);
  await setDevtoolsOpen(page, false);
}

/** Saves a screenshot of one panel (or the whole page) to apps/playground/screenshots/. */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  const path = join(SCREENSHOTS, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: true, animations: 'disabled' });
  else await target.screenshot({ path, animations: 'disabled' });
}

/** Opens the panels and waits until the visitor tokens of the first load are in. */
export async function openPlayground(page: Page, role: Role = 'visitor'): Promise<void> {
  await page.goto('/');
  await expectRole(page, role);
}

/** Chooses the app's OAuth settings on the mock platform through the playground's panel. */
export async function chooseAppSettings(page: Page, label: string): Promise<void> {
  const settings = panel(page, 'site-settings');
  const select = settings.getByLabel("The app's OAuth settings");
  await select.selectOption({ label });
  await expect(select).toHaveValue(/.+/);
  await expect(select.locator('option:checked')).toHaveText(label);
}

/** Logs in through the "Log in" panel and waits for its result. */
export async function logIn(page: Page, email: string, password: string): Promise<Locator> {
  const login = panel(page, 'login');
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Log in' }).click();
  const result = login.getByRole('status', { name: 'Login result' });
  await expect(result).toBeVisible();
  return result;
}

/** Fails when the page is wider than its viewport (a phone would have to zoom out or scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `page ${page.url()} is ${scrollWidth}px wide in a ${viewport}px viewport`,
  ).toBeLessThanOrEqual(viewport);
}
