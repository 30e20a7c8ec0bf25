import { createMockPlatform } from '@site-identity/mock-platform';
import { installTestBrowser, strictListenOptions } from '@site-identity/mock-platform/testing';
import { IdentityProvider } from '@site-identity/react';
import { setupServer } from 'msw/node';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { App } from './app';
import { createStore } from './identity';

const platform = createMockPlatform({
  members: [
    {
      email: 'ada@example.com',
      password: 'secret',
      profile: { firstName: 'Ada', lastName: 'Lovelace' },
    },
  ],
});
const server = setupServer(...platform.handlers);
// A request the platform does not know fails the test, with msw 2 or 3.
beforeAll(() => server.listen(strictListenOptions));
afterEach(() => {
  platform.reset();
  localStorage.clear();
});
afterAll(() => server.close());

/**
 * The Authorization of each data query, as it left the page. A CORS preflight (which msw 3
 * reports too) carries none by design and is not a query.
 */
const queryAuthorizations: (string | null)[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.method === 'OPTIONS') return;
  if (new URL(request.url).pathname.startsWith('/wix-data/'))
    queryAuthorizations.push(request.headers.get('authorization'));
});
afterEach(() => void queryAuthorizations.splice(0));
const roleOf = (token: string | null | undefined) =>
  token ? platform.state.tokens.describe(token)?.role : undefined;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Waits until `check` passes, letting React render between tries (React 18 and 19). */
function until(check: () => void) {
  return vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

const requestsTo = (path: string) => platform.state.requests.filter((r) => r.path.startsWith(path));

/** Unmounts what a test rendered, even when it failed half-way. */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function renderStore() {
  const { client, ...identity } = createStore('example-storefront');
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <IdentityProvider {...identity}>
        <App client={client} />
      </IdentityProvider>,
    );
  });
  const products = () =>
    [...container.querySelectorAll('ul[aria-label="Products"] li')].map((li) => li.textContent);
  const unmount = async () => {
    await act(async () => root.unmount());
    container.remove();
    identity.tokens.dispose();
  };
  cleanups.push(unmount);
  return { identity, container, products };
}

test('a visitor sees the products, read through @wix/data with the visitor token on the CDN host', async () => {
  const { identity, container, products } = await renderStore();
  await until(() => expect(products()).toHaveLength(3));
  expect(products()).toEqual([
    'Espresso cup — $12',
    'French press — $35',
    'Grinder — $89 (out of stock)',
  ]);
  expect(container.querySelector('h2')?.textContent).toBe('Welcome to the store');
  const [query] = requestsTo('/wix-data/');
  expect(query?.host).toBe('edge.wixapis.com');
  expect(queryAuthorizations).toEqual([identity.tokens.getSnapshot().tokens!.accessToken.value]);
  expect(roleOf(queryAuthorizations[0])).toBe('visitor');
  // A visitor's page never asks for a member.
  expect(requestsTo('/members/')).toEqual([]);
});

test('after login: "Welcome, Ada" from one members API request, and the products still listed', async () => {
  const { identity, container, products } = await renderStore();
  await until(() => expect(products()).toHaveLength(3));
  // The test tab stands in for the page's window: the hidden frame completes the login.
  const browser = installTestBrowser(platform);
  cleanups.push(async () => browser.uninstall());
  const form = container.querySelector('form')!;
  (form.querySelector('input[name="email"]') as HTMLInputElement).value = 'ada@example.com';
  (form.querySelector('input[name="password"]') as HTMLInputElement).value = 'secret';
  await act(async () => form.requestSubmit());
  await until(() => expect(container.querySelector('h2')?.textContent).toBe('Welcome, Ada'));
  expect(identity.tokens.getSnapshot().status).toBe('member');
  expect(requestsTo('/members/v1/members/my').map((r) => r.status)).toEqual([200]);
  // The list is read again, with the member's token, raw in Authorization.
  await until(() => expect(roleOf(queryAuthorizations.at(-1))).toBe('member'));
  expect(roleOf(queryAuthorizations[0])).toBe('visitor');
  expect(queryAuthorizations.at(-1)).toBe(identity.tokens.getSnapshot().tokens!.accessToken.value);
  await until(() => expect(products()).toHaveLength(3));
});

test('the platform cannot answer the query: the page says so, the session stays', async () => {
  platform.faults.inject({ path: '/wix-data/', kind: 'status', status: 503, times: Infinity });
  const { identity, container } = await renderStore();
  await until(() =>
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/^Products unavailable/),
  );
  expect(identity.tokens.getSnapshot().status).toBe('visitor');
});
