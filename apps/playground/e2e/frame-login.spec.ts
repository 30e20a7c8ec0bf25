// The same-site project: the app and the platform both on 127.0.0.1. The hidden frame
// keeps its cookies, so a login completes in the frame and the page never navigates,
// also when the platform's frame needs its own cookie (`SameSite=None; Secure`, which
// Chromium accepts on a loopback host and sends back to a frame of the same site).
import { expect, expectRole, logIn, openPlayground, panel, test } from './fixtures';

const PASSWORD = 'same-site-1';

for (const frameCookie of ['off', 'required'] as const) {
  test(`a password login completes in the hidden frame without a navigation (frame cookie: ${frameCookie})`, async ({
    page,
    mock,
  }) => {
    const email = `frame-${frameCookie}@example.com`;
    await mock.settings({ frameCookie });
    await mock.addMember({ email, password: PASSWORD });
    await openPlayground(page);
    await expect(page.getByTestId('site-relation')).toContainText('Same-site mode');
    const shown: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) shown.push(frame.url());
    });
    const result = await logIn(page, email, PASSWORD);
    await expect(result).toContainText('SUCCESS: you are logged in as a member.');
    await expectRole(page, 'member');
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(shown).toEqual([]);
    await expect(panel(page, 'event-log').getByText('completing by redirect')).toHaveCount(0);
    expect(await mock.grants('authorization_code', 200)).toBe(1);
  });
}
