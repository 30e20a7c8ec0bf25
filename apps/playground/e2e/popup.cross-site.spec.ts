// The cross-site project (see playwright.config.ts): the app at localhost, the platform
// at 127.0.0.1, third-party cookies blocked, and a platform whose hidden frame needs its
// own cookie. The popup is a top-level window on the platform's site, so it needs no
// third-party cookie: the login ends in this page without leaving it.
import type { Page } from '@playwright/test';
import { expect, expectRole, MOCK_URL, openPlayground, panel, test } from './fixtures';

/** Clicks `name` in `panelId` and returns the popup window the click opened. */
async function openPopup(page: Page, panelId: string, name: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    panel(page, panelId).getByRole('button', { name }).click(),
  ]);
  await expect(popup).toHaveURL(new RegExp(`^${MOCK_URL}/_hosted/`));
  return popup;
}

/** Signs Ada in on the hosted login form in `popup`, and sees this page say so once the popup closed. */
async function signInInPopup(page: Page, popup: Page, password: string): Promise<void> {
  await popup.getByLabel('E-mail').fill('ada@example.com');
  await popup.getByLabel('Password').fill(password);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;
  await expect(
    panel(page, 'popup-login').getByRole('status', { name: 'Popup login result' }),
  ).toContainText('Logged in through the popup');
  await expectRole(page, 'member');
}

test('across sites, a popup login and a Google popup login each end with the member here, without leaving the page', async ({
  page,
  mock,
}) => {
  await mock.settings({ frameCookie: 'required' });
  await mock.addMember({ email: 'ada@example.com', password: 'cross-site-popup-1' });
  await openPlayground(page);
  await expect(page.getByTestId('site-relation')).toContainText('Cross-site mode');
  const documents: string[] = [];
  page.on('domcontentloaded', () => documents.push(page.url()));

  await signInInPopup(
    page,
    await openPopup(page, 'popup-login', 'Log in in a popup'),
    'cross-site-popup-1',
  );

  await panel(page, 'logout').getByRole('button', { name: 'Log out' }).click();
  await expectRole(page, 'visitor');
  const google = await openPopup(page, 'social-login', 'Continue with Google');
  await google.getByLabel('Google account e-mail').fill('lin@example.com');
  const closed = google.waitForEvent('close');
  await google.getByRole('button', { name: 'Continue with Google' }).click();
  await closed;
  await expectRole(page, 'member');

  expect(documents).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await mock.grants('authorization_code', 200)).toBe(2);
});

test("across sites, with a platform whose hidden frame never answers without its cookie, a popup login is not mistaken for a refused origin: the popup's check page has its cookie", async ({
  page,
  mock,
}) => {
  await mock.settings({ frameCookie: 'unanswered' });
  await mock.addMember({ email: 'ada@example.com', password: 'cross-site-popup-2' });
  await openPlayground(page);
  await expect(page.getByTestId('site-relation')).toContainText('Cross-site mode');
  const started = Date.now();
  const popup = await openPopup(page, 'popup-login', 'Log in in a popup');
  await expect(popup.getByLabel('E-mail')).toBeVisible();
  test.info().annotations.push({
    type: 'login form shown',
    description: `${Date.now() - started} ms after the click`,
  });
  await signInInPopup(page, popup, 'cross-site-popup-2');
  expect(await mock.grants('authorization_code', 200)).toBe(1);
});
