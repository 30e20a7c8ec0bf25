import { createMemberAuth } from '@site-identity/member-auth';
import { createMockPlatform } from '@site-identity/mock-platform';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { IdentityDevtools } from './react';
import { IdentityDevtools as ProductionDevtools } from './react-production';

const platform = createMockPlatform();
afterEach(() => cleanup());

const tokens = createTokenManager({
  clientId: 'client-devtools-react',
  storage: memoryStorage(),
  fetch: (request) => platform.fetch(request),
  crossTab: false,
});

/** A token manager of a site that is not published: every token request is refused. */
function unpublishedSiteTokens() {
  const unpublished = createMockPlatform({ site: { published: false } });
  return createTokenManager({
    clientId: 'client-devtools-react',
    storage: memoryStorage(),
    fetch: (request) => unpublished.fetch(request),
    crossTab: false,
    onError: () => {},
  });
}

const host = () => document.querySelector('[data-site-identity-devtools]');

test('<IdentityDevtools /> adds the panel while it is mounted, and calls the latest signOutEverywhere', async () => {
  const first = vi.fn();
  const latest = vi.fn();
  const view = render(<IdentityDevtools tokens={tokens} initialIsOpen signOutEverywhere={first} />);
  expect(host()?.shadowRoot?.querySelector('#panel')?.hasAttribute('hidden')).toBe(false);
  view.rerender(<IdentityDevtools tokens={tokens} initialIsOpen signOutEverywhere={latest} />);
  expect(document.querySelectorAll('[data-site-identity-devtools]')).toHaveLength(1);
  host()
    ?.shadowRoot?.querySelector<HTMLButtonElement>('[data-action="signOutEverywhere"]')
    ?.click();
  await vi.waitFor(() => expect(latest).toHaveBeenCalledTimes(1));
  expect(first).not.toHaveBeenCalled();
  view.unmount();
  expect(host()).toBeNull();
});

test('<IdentityDevtools memberAuth /> lists the configuration problems the member client met', async () => {
  const siteTokens = unpublishedSiteTokens();
  const memberAuth = createMemberAuth({
    tokens: siteTokens,
    redirects: createRedirects({ tokens: siteTokens }),
  });
  const view = render(<IdentityDevtools tokens={siteTokens} memberAuth={memberAuth} />);
  await memberAuth.login({ email: 'ada@example.com', password: 'correct horse' });
  const section = () => host()?.shadowRoot?.querySelector('[data-field="configuration"]');
  await vi.waitFor(() => expect(section()?.textContent).toContain('memberAuth.login'));
  expect(section()?.textContent).toContain('The site is not published');
  expect(section()?.textContent).toContain('To fix it, publish the site.');
  view.unmount();
  siteTokens.dispose();
});

test('<IdentityDevtools redirects /> lists the configuration problems the redirect client met', async () => {
  const siteTokens = unpublishedSiteTokens();
  const redirects = createRedirects({ tokens: siteTokens, navigate: () => {} });
  const view = render(<IdentityDevtools tokens={siteTokens} redirects={redirects} />);
  await redirects
    .loginWithRedirect({ redirectUri: 'http://localhost:3000/callback' })
    .catch(() => undefined);
  const section = () => host()?.shadowRoot?.querySelector('[data-field="configuration"]');
  await vi.waitFor(() => expect(section()?.textContent).toContain('redirects.loginWithRedirect'));
  expect(section()?.textContent).toContain('The site is not published');
  view.unmount();
  siteTokens.dispose();
});

test('the production entry renders nothing and adds nothing', () => {
  const view = render(<ProductionDevtools tokens={tokens} initialIsOpen />);
  expect(view.container.innerHTML).toBe('');
  expect(host()).toBeNull();
});
