import { createMockPlatform } from '@site-identity/mock-platform';
import { installTestBrowser, strictListenOptions } from '@site-identity/mock-platform/testing';
import { IdentityProvider } from '@site-identity/react';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { App } from './app';
import { createIdentity } from './identity';

const platform = createMockPlatform({
  members: [{ email: 'ada@example.com', password: 'secret' }],
});
const server = setupServer(...platform.handlers);
// A request the platform does not know fails the test, with msw 2 or 3.
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => platform.reset());
afterAll(() => server.close());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Waits until `check` passes, letting React render between tries: React 18 renders the
 * updates of an `act` scope only when the scope ends, so a wait inside one act never
 * sees them (React 19 renders them as they come).
 */
function until(check: () => void) {
  return vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

/** The app in a fresh container, once the provider has the visitor session. */
async function renderApp() {
  const identity = createIdentity('example-vite-react');
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <IdentityProvider {...identity}>
        <App />
      </IdentityProvider>,
    );
  });
  // No call of the app's own: the provider gets the visitor session on mount.
  await until(() => expect(identity.tokens.getSnapshot().status).toBe('visitor'));
  return { identity, container, root };
}

test('a new page is a visitor by itself, and sees the sign-in form', async () => {
  const { identity, container, root } = await renderApp();
  expect(container.textContent).toContain('Session: visitor');
  expect(container.querySelector('form button')?.textContent).toBe('Sign in');
  await act(async () => root.unmount());
  identity.tokens.dispose();
});

test('"Continue with Google" opens the popup in the click; a blocked popup is explained', async () => {
  const { identity, container, root } = await renderApp();
  // The browser refuses the window, as a popup blocker does.
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  const button = [...container.querySelectorAll('button')].find(
    (element) => element.textContent === 'Continue with Google',
  );
  await act(async () => button?.click());
  expect(open).toHaveBeenCalledTimes(1);
  expect(container.querySelector('[role="alert"]')?.textContent).toBe(
    'Your browser blocked the sign-in window. Allow popups for this site.',
  );
  expect(container.textContent).toContain('Session: visitor');
  open.mockRestore();
  await act(async () => root.unmount());
  identity.tokens.dispose();
});

test('a wrong password shows the member the words written for them, not the platform’s', async () => {
  // The platform forgot the earlier tests' visitor tokens (reset): start without them.
  localStorage.clear();
  const { identity, container, root } = await renderApp();
  const form = container.querySelector('form')!;
  (form.querySelector('input[name="email"]') as HTMLInputElement).value = 'ada@example.com';
  (form.querySelector('input[name="password"]') as HTMLInputElement).value = 'wrong';
  await act(async () => form.requestSubmit());
  await until(() =>
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'The password is missing or not right. Enter it again.',
    ),
  );
  expect(identity.tokens.getSnapshot().status).toBe('visitor');
  await act(async () => root.unmount());
  identity.tokens.dispose();
});

test('signing out while the platform is down: signed out here at once, and the page says so', async () => {
  localStorage.clear();
  const { identity, container, root } = await renderApp();
  // The test tab stands in for the page's window: the hidden frame completes the login.
  const browser = installTestBrowser(platform);
  const form = container.querySelector('form')!;
  (form.querySelector('input[name="email"]') as HTMLInputElement).value = 'ada@example.com';
  (form.querySelector('input[name="password"]') as HTMLInputElement).value = 'secret';
  await act(async () => form.requestSubmit());
  await until(() => expect(container.textContent).toContain('Session: member'));
  platform.faults.inject({
    path: '/_api/redirects-api',
    kind: 'status',
    status: 503,
    times: Infinity,
  });
  const signOut = [...container.querySelectorAll('button')].find(
    (b) => b.textContent === 'Sign out',
  );
  await act(async () => signOut?.click());
  await until(() =>
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Signed out on this device. The site could not end your other sessions.',
    ),
  );
  await until(() => expect(container.textContent).toContain('Session: visitor'));
  browser.uninstall();
  await act(async () => root.unmount());
  identity.tokens.dispose();
});
