import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { RequireMember } from './require-member';
import {
  createClients,
  grants,
  PAGE_ORIGIN,
  REDIRECT_URI,
  submitHostedLogin,
  usePlatform,
  type Clients,
} from './test-platform';
import { useLoginCallback } from './use-login-callback';
import { useSession } from './use-session';

const platform = usePlatform();

function CallbackPage() {
  const callback = useLoginCallback();
  const { status } = useSession();
  return (
    <p data-testid="page">
      {`callback=${callback.status} session=${status}`}
      {callback.status === 'done' && ` back-to=${callback.result.originalUri}`}
      {callback.status === 'error' && ` error=${callback.error.message}`}
    </p>
  );
}

function renderStrict(clients: Clients, ui: React.ReactNode) {
  return render(
    <StrictMode>
      <IdentityProvider
        tokens={clients.tokens}
        redirects={clients.redirects}
        memberAuth={clients.memberAuth}
      >
        {ui}
      </IdentityProvider>
    </StrictMode>,
  );
}

/** A visitor opens a members-only page; RequireMember sends them to the hosted login; they sign in there. */
async function signInThroughHostedPage(): Promise<string> {
  window.history.replaceState(null, '', `${PAGE_ORIGIN}/orders`);
  let authUrl = '';
  const before = createClients({ navigate: (url) => (authUrl = url) });
  const page = renderStrict(
    before,
    <RequireMember redirectToLogin={{ redirectUri: REDIRECT_URI }} fallback="redirecting">
      orders
    </RequireMember>,
  );
  await waitFor(() => expect(authUrl).not.toBe(''));
  expect(platform.state.redirectSessions).toHaveLength(1);
  page.unmount();
  return submitHostedLogin(platform, authUrl);
}

const text = () => screen.getByTestId('page').textContent;

describe('hosted login through the bindings, against the emulated platform', () => {
  it('StrictMode double effects make one code exchange, and the page ends signed in', async () => {
    const callback = await signInThroughHostedPage();
    expect(callback).toMatch(/#code=.+&state=/);
    window.history.replaceState(null, '', callback);

    const after = createClients();
    renderStrict(after, <CallbackPage />);
    await waitFor(() => expect(text()).toBe(`callback=done session=member back-to=/orders`));
    expect(grants(platform, 'authorization_code')).toHaveLength(1);
    expect(after.tokens.isLoggedIn()).toBe(true);
    expect(window.location.href).toBe(REDIRECT_URI);
  });

  it('a reload after the login exchanges nothing again', async () => {
    window.history.replaceState(null, '', await signInThroughHostedPage());
    const first = renderStrict(createClients(), <CallbackPage />);
    await waitFor(() => expect(text()).toMatch(/^callback=done/));
    first.unmount();

    renderStrict(createClients(), <CallbackPage />);
    await waitFor(() => expect(text()).toMatch(/^callback=idle/));
    expect(grants(platform, 'authorization_code')).toHaveLength(1);
  });

  it('a reload that replays the callback URL gets the redirect client error, not a second exchange (the new page is a visitor)', async () => {
    const callback = await signInThroughHostedPage();
    window.history.replaceState(null, '', callback);
    const first = renderStrict(createClients(), <CallbackPage />);
    await waitFor(() => expect(text()).toMatch(/^callback=done/));
    first.unmount();

    window.history.replaceState(null, '', callback);
    renderStrict(createClients(), <CallbackPage />);
    await waitFor(() => expect(text()).toBe('callback=error session=visitor error=Invalid _state'));
    expect(grants(platform, 'authorization_code')).toHaveLength(1);
  });
});
