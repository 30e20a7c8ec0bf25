import type { CDPSession, Page } from '@playwright/test';
import { E2E_CROSS_SITE_APP_URL } from '../playwright.config';
import { expect, expectRole, logIn, panel, screenshot, test } from './fixtures';

const PASSWORD = 'second-factor-1';

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
 * authenticator that holds passkeys and signs without a person at the keyboard.
 */
async function virtualAuthenticator(page: Page): Promise<CDPSession & { id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return Object.assign(cdp, { id: authenticatorId });
}

/**
 * The playground at localhost: WebAuthn needs a relying party id that is a host
 * name (not an IP address), so these tests open the app as http://localhost:4173.
 */
async function openAtLocalhost(page: Page): Promise<void> {
  await page.goto(`${E2E_CROSS_SITE_APP_URL}/`);
  await expectRole(page, 'visitor');
}

async function enrolPasskey(page: Page, email: string): Promise<void> {
  const enrol = panel(page, 'passkey-enrol');
  await enrol.getByLabel('Member e-mail').fill(email);
  await enrol.getByRole('button', { name: 'Enrol a passkey' }).click();
  await expect(enrol.getByRole('status', { name: 'Passkey enrolment result' })).toContainText(
    `Passkey enrolled for ${email}`,
  );
}

test('passkey (WebAuthn): enrol with the virtual authenticator, then log in with it', async ({
  page,
  mock,
}) => {
  const email = 'pia@example.com';
  await mock.addMember({ email, password: PASSWORD });
  await openAtLocalhost(page);
  const authenticator = await virtualAuthenticator(page);
  await enrolPasskey(page, email);
  const { credentials } = await authenticator.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe('localhost');

  await expect(await logIn(page, email, PASSWORD)).toContainText(
    'A second factor is required (REQUIRE_MFA, factor WEBAUTHN)',
  );
  const step = panel(page, 'login').getByRole('form', { name: 'Second factor' });
  await screenshot(panel(page, 'login'), 'login-mfa-passkey');
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(panel(page, 'login').getByRole('status', { name: 'Login result' })).toContainText(
    'SUCCESS',
  );
  await expectRole(page, 'member');
  const after = await authenticator.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});

test('passkey (WebAuthn): a cancelled ceremony is a typed answer and sends no verify request', async ({
  page,
  mock,
}) => {
  const email = 'cal@example.com';
  await mock.addMember({ email, password: PASSWORD });
  await openAtLocalhost(page);
  const authenticator = await virtualAuthenticator(page);
  await enrolPasskey(page, email);
  await expect(await logIn(page, email, PASSWORD)).toContainText('REQUIRE_MFA');
  // The authenticator no longer offers the passkey: Chromium ends the ceremony with NotAllowedError.
  await authenticator.send('WebAuthn.clearCredentials', { authenticatorId: authenticator.id });
  const step = panel(page, 'login').getByRole('form', { name: 'Second factor' });
  await step.getByRole('button', { name: 'Use a passkey' }).click();
  const outcome = step.getByRole('status', { name: 'Second factor result' });
  await expect(outcome).toContainText('WEBAUTHN_CANCELLED');
  await expect(outcome).toContainText('Try the passkey again');
  expect(
    (await mock.requests()).filter((entry) => entry.path.endsWith('/webauthn/verify')),
  ).toEqual([]);
  await expectRole(page, 'visitor');
});

test('push approved from a second pane: the waiting login completes', async ({
  page,
  mock,
  context,
}) => {
  const email = 'pat@example.com';
  await mock.addMember({ email, password: PASSWORD, mfa: { factorType: 'push' } });
  await openAtLocalhost(page);
  await expect(await logIn(page, email, PASSWORD)).toContainText('factor PUSH');
  const step = panel(page, 'login').getByRole('form', { name: 'Second factor' });
  await step.getByRole('button', { name: 'Wait for approval' }).click();
  await expect(step.getByRole('status', { name: 'Push progress' })).toContainText(
    'Waiting for the phone',
  );

  const phone = await context.newPage();
  await openAtLocalhost(phone);
  const approvals = panel(phone, 'push-approvals');
  await expect(approvals.getByRole('list', { name: 'Push sign-in requests' })).toContainText(email);
  await screenshot(approvals, 'push-approvals');
  await approvals.getByRole('button', { name: 'Approve' }).click();

  await expect(panel(page, 'login').getByRole('status', { name: 'Login result' })).toContainText(
    'SUCCESS',
  );
  await expectRole(page, 'member');
  await expect(approvals).toContainText('APPROVED');
});

test('push denied: the wait ends with PUSH_DENIED and the member stays a visitor', async ({
  page,
  mock,
}) => {
  const email = 'dee@example.com';
  await mock.addMember({ email, password: PASSWORD, mfa: { factorType: 'push' } });
  await openAtLocalhost(page);
  await expect(await logIn(page, email, PASSWORD)).toContainText('factor PUSH');
  const step = panel(page, 'login').getByRole('form', { name: 'Second factor' });
  await step.getByRole('button', { name: 'Wait for approval' }).click();
  await panel(page, 'push-approvals').getByRole('button', { name: 'Deny' }).click();
  await expect(step.getByRole('status', { name: 'Second factor result' })).toContainText(
    'PUSH_DENIED',
  );
  await expectRole(page, 'visitor');
});

test('push: stopping the wait ends it as ABORTED, and the request stays pending on the phone', async ({
  page,
  mock,
}) => {
  const email = 'sid@example.com';
  await mock.addMember({ email, password: PASSWORD, mfa: { factorType: 'push' } });
  await openAtLocalhost(page);
  await expect(await logIn(page, email, PASSWORD)).toContainText('factor PUSH');
  const step = panel(page, 'login').getByRole('form', { name: 'Second factor' });
  await step.getByRole('button', { name: 'Wait for approval' }).click();
  await expect(step.getByRole('status', { name: 'Push progress' })).toBeVisible();
  await step.getByRole('button', { name: 'Stop waiting' }).click();
  await expect(step.getByRole('status', { name: 'Second factor result' })).toContainText('ABORTED');
  await expect(panel(page, 'push-approvals')).toContainText('PENDING');
  await expectRole(page, 'visitor');
});

test('recovery code used twice: the second use is refused', async ({ page, mock }) => {
  const email = 'rex@example.com';
  await mock.addMember({
    email,
    password: PASSWORD,
    mfa: { factorType: 'totp', factors: ['recovery_code'], recoveryCodes: ['1111-2222'] },
  });
  await openAtLocalhost(page);
  const login = panel(page, 'login');
  for (const attempt of ['first', 'second'] as const) {
    await expect(await logIn(page, email, PASSWORD)).toContainText('REQUIRE_MFA');
    const step = login.getByRole('form', { name: 'Second factor' });
    await step.getByRole('button', { name: 'Recovery code' }).click();
    await step.getByLabel('Recovery code').fill('1111-2222');
    if (attempt === 'first') await screenshot(login, 'login-mfa-recovery-code');
    await step.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(login.getByRole('status', { name: 'Login result' })).toContainText('SUCCESS');
      await expectRole(page, 'member');
    } else {
      const outcome = step.getByRole('status', { name: 'Second factor result' });
      await expect(outcome).toContainText('FAILURE');
    }
  }
  expect(
    (await mock.requests())
      .filter((entry) => entry.path.endsWith('/recovery_code/verify'))
      .map((entry) => entry.status),
  ).toEqual([200, 400]);
});

test('SMS by WhatsApp: the code read from the outbox logs in', async ({ page, mock }) => {
  const email = 'sam@example.com';
  await mock.addMember({ email, password: PASSWORD, mfa: { factorType: 'sms' } });
  await openAtLocalhost(page);
  const login = panel(page, 'login');
  await expect(await logIn(page, email, PASSWORD)).toContainText('factor SMS');
  const step = login.getByRole('form', { name: 'Second factor' });
  await step.getByLabel('Code came by').selectOption('WHATSAPP');
  await step.getByRole('button', { name: 'Read the code from the outbox' }).click();
  await expect(step.getByLabel('One-time code')).toHaveValue(/^\d{6}$/);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(login.getByRole('status', { name: 'Login result' })).toContainText('SUCCESS');
});
