import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoHorizontalOverflow,
  expectRole,
  MOCK_URL,
  openPlayground,
  panel,
  screenshot,
  test,
} from './fixtures';

const EMAIL = 'ada@example.com';
const PASSWORD = 'popup-login-1';
const PHONE = { width: 390, height: 844 };

/** The members the mock platform holds, by e-mail, with the profile the identity-provider step gave them. */
async function members(request: APIRequestContext) {
  const state = (await (await request.get(`${MOCK_URL}/_mock/state`)).json()) as {
    members: { email: string; profile: Record<string, unknown> }[];
  };
  return state.members;
}

/** How many redirect sessions the platform was asked for. */
async function redirectSessions(mock: { requests(): Promise<{ path: string }[]> }) {
  return (await mock.requests()).filter((entry) => entry.path.endsWith('/v1/redirect-session'))
    .length;
}

/** Clicks `name` in `panelId` and returns the popup window the click opened. */
async function openPopup(page: Page, panelId: string, name: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    panel(page, panelId).getByRole('button', { name }).click(),
  ]);
  await expect(popup).toHaveURL(new RegExp(`^${MOCK_URL}/_hosted/`));
  return popup;
}

/** Chooses the app's OAuth settings on the mock platform through the "Mock site settings" panel. */
async function chooseAppSettings(page: Page, label: string) {
  const select = panel(page, 'site-settings').getByLabel("The app's OAuth settings");
  await select.selectOption({ label });
  await expect(select.locator('option:checked')).toHaveText(label);
}

/** Waits for the error `sentence` in `result`, in `tone`, then opens its details and checks the typed `error`. */
async function expectError(result: Locator, sentence: string, tone: string, error: string) {
  await expect(result).toContainText(sentence);
  await expect(result).toHaveClass(new RegExp(`\\b${tone}\\b`));
  await result.getByText('Details').click();
  await expect(result).toContainText(error);
}

/** Answers the "Continue with …" step in `popup` with `email`, and waits until the popup has closed. */
async function continueInPopup(popup: Page, step: string, email: string) {
  await expect(popup.getByRole('heading', { name: `Continue with ${step}` })).toBeVisible();
  await popup.getByLabel(`${step} account e-mail`).fill(email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: `Continue with ${step}` }).click();
  await closed;
}

test('popup login: the member signs in in the popup, this page becomes member without leaving, the popup closes', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  const result = panel(page, 'popup-login').getByRole('status', { name: 'Popup login result' });
  const popup = await openPopup(page, 'popup-login', 'Log in in a popup');

  await expect(result).toContainText('Working…');
  await expect(result).toContainText('waiting for you to sign in in the popup window');
  await screenshot(panel(page, 'popup-login'), 'popup-login-working');
  await expect(
    panel(page, 'popup-login').getByRole('button', { name: 'Log in in a popup' }),
  ).toBeDisabled();
  await popup.getByLabel('E-mail').fill(EMAIL);
  await popup.getByLabel('Password').fill(PASSWORD);
  await screenshot(popup, 'popup-login-window');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;

  await expect(result).toContainText(
    'Logged in through the popup (e-mail and password): role member.',
  );
  await expectRole(page, 'member');
  expect(popup.isClosed()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await mock.grants('authorization_code', 200)).toBe(1);
  await expect(
    panel(page, 'event-log').getByText('signed in through the popup, role member'),
  ).toBeVisible();
  await screenshot(panel(page, 'popup-login'), 'popup-login');
});

test('a blocked popup is the typed POPUP_BLOCKED error in the panel, before any platform request', async ({
  page,
  mock,
}) => {
  // What a popup blocker does to the page: window.open answers null (Safari and Firefox
  // with popups blocked, or a blocking extension).
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openPlayground(page);
  const popupPanel = panel(page, 'popup-login');
  await popupPanel.getByRole('button', { name: 'Log in in a popup' }).click();

  const result = popupPanel.getByRole('status', { name: 'Popup login result' });
  await expectError(
    result,
    'The browser blocked the popup window.',
    'bad',
    'RedirectsError (POPUP_BLOCKED)',
  );
  await expectRole(page, 'visitor');
  expect(await redirectSessions(mock)).toBe(0);
  await screenshot(popupPanel, 'popup-login-blocked');
});

test('a popup the member closes is the typed POPUP_CLOSED error, nothing exchanged; a new try clears it, and a cancel on the hosted page says so', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  const popupPanel = panel(page, 'popup-login');
  const popup = await openPopup(page, 'popup-login', 'Log in in a popup');
  await expect(popup.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await popup.close();

  const result = popupPanel.getByRole('status', { name: 'Popup login result' });
  await expectError(
    result,
    'The popup window was closed before the login finished.',
    'warn',
    'RedirectsError (POPUP_CLOSED)',
  );
  await expectRole(page, 'visitor');
  expect(await mock.grants('authorization_code')).toBe(0);

  // A second try clears the error as it starts; cancelling on the hosted page then says so.
  const again = await openPopup(page, 'popup-login', 'Log in in a popup');
  await expect(result).toContainText('Working…');
  await expect(result).not.toContainText('closed');
  const closed = again.waitForEvent('close');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await closed;
  await expectError(
    result,
    'You cancelled on the hosted login page.',
    'warn',
    'RedirectsError (AUTHORIZATION_ERROR)',
  );
  await expectRole(page, 'visitor');
  await expect(popupPanel.getByRole('button', { name: 'Log in in a popup' })).toBeEnabled();
});

const PROVIDERS = [
  {
    button: 'Continue with Google',
    step: 'Google',
    email: 'lin@example.com',
    profile: 'googleConnection',
  },
  {
    button: 'Continue with Facebook',
    step: 'Facebook',
    email: 'mo@example.com',
    profile: 'facebookConnection',
  },
  {
    button: 'Continue with SSO',
    step: 'SSO (acme-sso)',
    email: 'kim@acme.example',
    profile: 'sso (acme-sso)Connection',
    connectionId: 'acme-sso',
  },
] as const;

for (const provider of PROVIDERS) {
  test(`${provider.step} through a popup: the "Continue with" step creates the member and logs them in`, async ({
    page,
    mock,
    request,
  }) => {
    await openPlayground(page);
    const social = panel(page, 'social-login');
    await expect(social.getByLabel('Sign in through')).toHaveValue('popup');
    if ('connectionId' in provider)
      await social.getByLabel('Connection id').fill(provider.connectionId);
    expect(await members(request)).toEqual([]);

    const popup = await openPopup(page, 'social-login', provider.button);
    await continueInPopup(popup, provider.step, provider.email);

    await expect(social.getByRole('status', { name: 'Social login result' })).toContainText(
      'Logged in through the popup',
    );
    await expectRole(page, 'member');
    expect(new URL(page.url()).pathname).toBe('/');
    const created = await members(request);
    expect(created.map((member) => member.email)).toEqual([provider.email]);
    expect(Object.keys(created[0]!.profile)).toContain(provider.profile);
    expect(await mock.grants('authorization_code', 200)).toBe(1);
  });

  test(`${provider.step} through a redirect: the "Continue with" step creates the member, the callback logs them in`, async ({
    page,
    mock,
    request,
  }) => {
    await openPlayground(page);
    const social = panel(page, 'social-login');
    await social.getByLabel('Sign in through').selectOption('redirect');
    if ('connectionId' in provider)
      await social.getByLabel('Connection id').fill(provider.connectionId);
    await social.getByRole('button', { name: provider.button }).click();

    await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/_hosted/`));
    await expect(
      page.getByRole('heading', { name: `Continue with ${provider.step}` }),
    ).toBeVisible();
    await page.getByLabel(`${provider.step} account e-mail`).fill(provider.email);
    await page.getByRole('button', { name: `Continue with ${provider.step}` }).click();

    await expect(page).toHaveURL('/');
    await expectRole(page, 'member');
    await expect(page.getByRole('status', { name: 'Back from the platform' })).toContainText(
      'you are logged in as a member',
    );
    expect(page.url()).not.toMatch(/code=|state=/);
    expect((await members(request)).map((member) => member.email)).toEqual([provider.email]);
    expect(await mock.grants('authorization_code', 200)).toBe(1);
  });
}

test('a second Google login signs the same member in again, without creating another', async ({
  page,
  request,
}) => {
  await openPlayground(page);
  for (const round of [1, 2]) {
    const popup = await openPopup(page, 'social-login', 'Continue with Google');
    await continueInPopup(popup, 'Google', 'lin@example.com');
    await expectRole(page, 'member');
    if (round === 1) {
      await panel(page, 'logout').getByRole('button', { name: 'Log out' }).click();
      await expectRole(page, 'visitor');
    }
  }
  expect((await members(request)).map((member) => member.email)).toEqual(['lin@example.com']);
});

test('a connection id the library refuses is a clear INVALID_ARGUMENT in the panel, and no popup opens', async ({
  page,
  mock,
}) => {
  await openPlayground(page);
  const social = panel(page, 'social-login');
  await social.getByLabel('Connection id').fill('not a connection id!');
  let popups = 0;
  page.on('popup', () => {
    popups++;
  });
  await social.getByRole('button', { name: 'Continue with SSO' }).click();
  await expectError(
    social.getByRole('status', { name: 'Social login result' }),
    'idp.connectionId must be 1 to 100 letters, digits, - _ or .; got "not a connection id!"',
    'bad',
    'RedirectsError (INVALID_ARGUMENT)',
  );
  expect(popups).toBe(0);
  expect(await redirectSessions(mock)).toBe(0);
  await expectRole(page, 'visitor');
});

test('the popup and social panels fit a 390 px phone with their errors open, and look right at 1280 px', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await openPlayground(page);
    const popupPanel = panel(page, 'popup-login');
    await popupPanel.getByRole('button', { name: 'Log in in a popup' }).click();
    await popupPanel
      .getByRole('status', { name: 'Popup login result' })
      .getByText('Details')
      .click();

    const social = panel(page, 'social-login');
    await social.getByLabel('Connection id').fill(`${'long-connection-id-'.repeat(5)}!`);
    await social.getByRole('button', { name: 'Continue with SSO' }).click();
    await social.getByRole('status', { name: 'Social login result' }).getByText('Details').click();

    await expectNoHorizontalOverflow(page);
    for (const target of [popupPanel, social]) {
      const box = await target.boundingBox();
      expect(box, 'the panel is laid out').not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    }
    await screenshot(popupPanel, `popup-login-${viewport.width}`);
    await screenshot(social, `social-login-${viewport.width}`);
    await screenshot(
      page.getByRole('region', { name: 'Hosted pages and hidden frames' }),
      `hosted-group-${viewport.width}`,
    );
  }
});

for (const settings of [
  "strict: this page's origin is not an allowed domain",
  "strict: this page's redirect URIs are not registered",
]) {
  test(`${settings}: the popup login's silent check page is diagnosed within 5 s, naming the origin and the setting, and the popup closes`, async ({
    page,
    mock,
  }) => {
    await openPlayground(page);
    await chooseAppSettings(page, settings);
    const popupPanel = panel(page, 'popup-login');
    const result = popupPanel.getByRole('status', { name: 'Popup login result' });
    const origin = new URL(page.url()).origin;

    const started = Date.now();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      popupPanel.getByRole('button', { name: 'Log in in a popup' }).click(),
    ]);
    const closed = popup.waitForEvent('close');
    await expect(result).toContainText(`posted no answer to ${origin}`, { timeout: 5_000 });
    const elapsed = Date.now() - started;
    await closed;
    test.info().annotations.push({ type: 'time to the diagnosis', description: `${elapsed} ms` });
    expect(elapsed).toBeLessThan(5_000);
    await expect(result).toContainText(
      `Add ${origin} to the allowed domains and ${origin} to the redirect URIs in the app's OAuth settings`,
    );
    await result.getByText('Details').click();
    await expect(result).toContainText('RedirectsError (ORIGIN_NOT_ALLOWED)');
    await expectRole(page, 'visitor');
    // The check page, then nothing: the login page was never asked for.
    expect(await redirectSessions(mock)).toBe(1);
    expect(await mock.grants('authorization_code')).toBe(0);
    if (settings.includes('origin')) await screenshot(popupPanel, 'popup-login-origin-not-allowed');
  });
}

test('strict settings that allow this page: the popup shows the check page, then the login page; a second login skips the check', async ({
  page,
  mock,
}) => {
  await mock.addMember({ email: EMAIL, password: PASSWORD });
  await openPlayground(page);
  await chooseAppSettings(page, 'strict, and right for this page');
  const result = panel(page, 'popup-login').getByRole('status', { name: 'Popup login result' });
  for (const round of [1, 2]) {
    const started = Date.now();
    const popup = await openPopup(page, 'popup-login', 'Log in in a popup');
    await expect(popup.getByLabel('E-mail')).toBeVisible();
    test.info().annotations.push({
      type: `login form shown (login ${round})`,
      description: `${Date.now() - started} ms after the click`,
    });
    expect(new URL(popup.url()).searchParams.get('prompt')).toBe('login');
    await popup.getByLabel('E-mail').fill(EMAIL);
    await popup.getByLabel('Password').fill(PASSWORD);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
    await closed;
    await expect(result).toContainText('Logged in through the popup');
    await expectRole(page, 'member');
    if (round === 1) {
      await panel(page, 'logout').getByRole('button', { name: 'Log out' }).click();
      await expectRole(page, 'visitor');
    }
  }
  // One check and two logins (the logout's own redirect session besides).
  const sessions = (await mock.requests()).filter((entry) =>
    entry.path.endsWith('/v1/redirect-session'),
  );
  expect(sessions.length).toBe(4);
  expect(await mock.grants('authorization_code', 200)).toBe(2);
});
