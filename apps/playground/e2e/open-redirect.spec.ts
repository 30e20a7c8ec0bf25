import { createServer, type Server } from 'node:http';
import { expect, MOCK_URL, openPlayground, panel, test } from './fixtures';

// The callback page goes where completeLogin says (`location.replace(originalUri)`).
// A flow record whose originalUri an attacker wrote (a tab or a newline after the first
// slash, which Chromium drops, so "/\t/host/phish" is "//host/phish": another site)
// must end the login on the app, and the attacker's server must never be asked.

const EMAIL = 'grace@example.com';
const PASSWORD = 'hosted-login-1';
const ATTACKER_PORT = 4489;

let attacker: Server;
const reached: string[] = [];

test.beforeAll(async () => {
  attacker = createServer((req, res) => {
    reached.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>phished</title>');
  });
  await new Promise<void>((resolve) => attacker.listen(ATTACKER_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  attacker.closeAllConnections();
  await new Promise((resolve) => attacker.close(resolve));
});

for (const hostile of [
  `/\t/127.0.0.1:${ATTACKER_PORT}/phish`,
  `/\n/127.0.0.1:${ATTACKER_PORT}/phish`,
  `/\r\n/127.0.0.1:${ATTACKER_PORT}/phish`,
  `//127.0.0.1:${ATTACKER_PORT}/phish`,
  `/\\127.0.0.1:${ATTACKER_PORT}/phish`,
  `http://127.0.0.1:${ATTACKER_PORT}/phish`,
]) {
  test(`a stored originalUri ${JSON.stringify(hostile)}: the login ends on the app`, async ({
    page,
    mock,
  }) => {
    reached.length = 0;
    await mock.addMember({ email: EMAIL, password: PASSWORD });
    // Whatever the library stores as a flow's originalUri, the attacker's value replaces it.
    await page.addInitScript((value) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, text: string) {
        const record = key.includes(':flow:')
          ? (JSON.parse(text) as Record<string, unknown>)
          : undefined;
        if (record) record['originalUri'] = value;
        return setItem.call(this, key, record ? JSON.stringify(record) : text);
      };
    }, hostile);
    await openPlayground(page);
    await panel(page, 'hosted-login')
      .getByRole('button', { name: 'Log in on the hosted page' })
      .click();
    await expect(page).toHaveURL(new RegExp(`^${MOCK_URL}/`));
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByLabel('Current role')).toContainText('member');
    expect(reached).toEqual([]);
  });
}
