import { isRedirectsError } from '@site-identity/redirects';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import type { LoginRedirector } from './instances';
import {
  type Clients,
  createClients,
  fakeSession,
  PAGE_ORIGIN,
  REDIRECT_URI,
  submitHostedLogin,
  usePlatform,
} from './test-platform';
import { useLogout } from './use-logout';
import { useSession } from './use-session';

const platform = usePlatform();

/** Clients whose token manager holds a member's tokens, signed in on the hosted page. */
async function signedIn(navigate: (url: string) => void): Promise<Clients> {
  let authUrl = '';
  const clients = createClients({ navigate: (url) => (authUrl ? navigate(url) : (authUrl = url)) });
  await clients.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI });
  await clients.redirects.completeLogin(await submitHostedLogin(platform, authUrl));
  expect(clients.tokens.getSnapshot().status).toBe('member');
  return clients;
}

function renderPage(clients: Clients, navigate: (url: string) => void) {
  function Page() {
    const { logout, pending, error } = useLogout({
      postLogoutRedirectUri: `${PAGE_ORIGIN}/bye`,
      navigate,
    });
    const { status } = useSession();
    return (
      <>
        <button onClick={() => void logout()}>Sign out</button>
        <p data-testid="state">{`session=${status} pending=${pending}`}</p>
        {isRedirectsError(error) && error.code === 'LOGOUT_URL_UNAVAILABLE' && (
          <p role="status">Signed out on this device only</p>
        )}
      </>
    );
  }
  render(
    <StrictMode>
      <IdentityProvider tokens={clients.tokens} redirects={clients.redirects}>
        <Page />
      </IdentityProvider>
    </StrictMode>,
  );
}

/** A wrapper that provides `clients`' token manager and redirect client. */
const providerOf =
  (clients: Clients) =>
  ({ children }: { children: ReactNode }) => (
    <IdentityProvider tokens={clients.tokens} redirects={clients.redirects}>
      {children}
    </IdentityProvider>
  );

const state = () => screen.getByTestId('state').textContent;

describe('useLogout', () => {
  it('signs the member out on this device and goes to the platform logout URL', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const clients = await signedIn(navigate);
    renderPage(clients, navigate);
    expect(state()).toBe('session=member pending=false');

    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    await waitFor(() => expect(navigate).toHaveBeenCalledTimes(1));
    const session = platform.state.redirectSessions.at(-1);
    expect(session?.intent).toBe('logout');
    expect(navigate).toHaveBeenCalledWith(session?.fullUrl);
    expect(new URL(navigate.mock.calls[0]![0]).searchParams.get('postLogoutRedirectUri')).toBe(
      `${PAGE_ORIGIN}/bye`,
    );
    expect(clients.tokens.isLoggedIn()).toBe(false);
    // The provider gets the next visitor session by itself.
    await waitFor(() => expect(state()).toBe('session=visitor pending=false'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with the platform down: signed out here, LOGOUT_URL_UNAVAILABLE reported, nothing thrown, no navigation', async () => {
    const navigate = vi.fn<(url: string) => void>();
    const clients = await signedIn(navigate);
    renderPage(clients, navigate);
    platform.faults.inject({
      path: '/_api/redirects-api',
      kind: 'status',
      status: 503,
      times: Infinity,
    });

    await act(async () => screen.getByRole('button', { name: 'Sign out' }).click());
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Signed out on this device only',
    );
    expect(clients.tokens.isLoggedIn()).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    await waitFor(() => expect(state()).toBe('session=visitor pending=false'));
  });

  it('is pending while the logout runs, and resolves (never rejects) on failure', async () => {
    const clients = createClients();
    await clients.tokens.getTokens();
    platform.faults.inject({ path: '/_api/redirects-api', kind: 'status', status: 503 });
    const navigate = vi.fn<(url: string) => void>();
    const { result } = renderHook(() => useLogout({ navigate }), { wrapper: providerOf(clients) });
    let done!: Promise<void>;
    act(() => {
      done = result.current.logout();
    });
    expect(result.current.pending).toBe(true);
    await act(() => expect(done).resolves.toBeUndefined());
    expect(result.current).toMatchObject({ pending: false });
    expect(isRedirectsError(result.current.error) && result.current.error.code).toBe(
      'LOGOUT_URL_UNAVAILABLE',
    );
    act(() => result.current.reset());
    expect(result.current.error).toBeUndefined();
  });

  it('defaults postLogoutRedirectUri to the page origin', async () => {
    const clients = createClients();
    await clients.tokens.getTokens();
    const navigate = vi.fn<(url: string) => void>();
    const { result } = renderHook(() => useLogout({ navigate }), { wrapper: providerOf(clients) });
    await act(() => result.current.logout());
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(new URL(navigate.mock.calls[0]![0]).searchParams.get('postLogoutRedirectUri')).toBe(
      PAGE_ORIGIN,
    );
  });

  it.each<[string, Partial<LoginRedirector> | undefined, string, string]>([
    [
      'no redirects',
      undefined,
      'MISSING_INSTANCE',
      'useLogout needs <IdentityProvider redirects={…}>',
    ],
    [
      'redirects without logout',
      { completeLogin: vi.fn(), loginWithRedirect: vi.fn() },
      'INVALID_ARGUMENT',
      'useLogout needs <IdentityProvider redirects> with a logout function (from createRedirects); got undefined',
    ],
  ])('with %s throws %s', (_, redirects, code, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={fakeSession()} redirects={redirects as LoginRedirector}>
        {children}
      </IdentityProvider>
    );
    let caught: unknown;
    try {
      renderHook(() => useLogout(), { wrapper });
    } catch (error) {
      caught = error;
    }
    expect(isIdentityReactError(caught) && caught.code).toBe(code);
    expect((caught as Error).message).toBe(message);
  });
});
