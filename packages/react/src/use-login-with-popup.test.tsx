import { isRedirectsError } from '@site-identity/redirects';
import type { LoginWithPopupOptions } from '@site-identity/redirects/popup';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import {
  type Clients,
  createClients,
  fakeSession,
  grants,
  MEMBER,
  usePlatform,
} from './test-platform';
import { useLoginWithPopup } from './use-login-with-popup';
import { useSession } from './use-session';

const platform = usePlatform();

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A stand-in for the window `window.open` returns: `about:blank` of this page's origin
 * until it is sent elsewhere, then the hosted page of another origin, whose address can
 * no longer be read (as in a browser). It records where it is sent and whether it was closed.
 */
function fakePopup() {
  const visited: string[] = [];
  const popup = {
    closed: false,
    visited,
    location: {
      get href(): string {
        if (visited.length > 0)
          throw new DOMException(
            'Blocked a frame from accessing a cross-origin frame',
            'SecurityError',
          );
        return 'about:blank';
      },
      replace: (url: string) => void visited.push(url),
    },
    close: vi.fn(() => void (popup.closed = true)),
  };
  return popup;
}
type FakePopup = ReturnType<typeof fakePopup>;

/** The `nth` hosted page the popup has been sent to (1: the first). */
async function shown(popup: FakePopup, nth: number): Promise<URL> {
  await waitFor(() => expect(popup.visited.length).toBeGreaterThanOrEqual(nth));
  return new URL(popup.visited[nth - 1]!);
}

/** What the hosted page at `url` posts to its opener, after `init` (a form post) when given. */
async function hostedAnswer(url: URL, init?: RequestInit): Promise<Record<string, string>> {
  const page = await platform.fetch(url.href, init);
  const match = /postMessage\((\{.*?\}),/.exec(await page.text());
  if (!match) throw new Error(`The hosted page answered ${page.status} and posts no message`);
  return JSON.parse(match[1]!) as Record<string, string>;
}

/**
 * Lets the check page the popup shows first answer (the platform's `prompt=none` page),
 * then submits the login page it is sent to next, as the member would; returns what
 * that page posts to its opener.
 */
async function submitInPopup(popup: FakePopup, form: Record<string, string>) {
  const check = await shown(popup, 1);
  expect(check.searchParams.get('prompt')).toBe('none');
  await act(async () => postFromPopup(popup, await hostedAnswer(check), check.origin));
  const url = await shown(popup, 2);
  const data = await hostedAnswer(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { url, data };
}

/** What the hosted page in the popup posts to this window. */
function postFromPopup(popup: FakePopup, data: unknown, origin: string) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin, source: popup as unknown as Window }),
  );
}

/** A page with a popup sign-in button, in StrictMode; `afterClick` records what had happened when the handler returned. */
function renderPage(clients: Clients, options?: LoginWithPopupOptions) {
  const afterClick: { opened?: number } = {};
  const open = vi.spyOn(window, 'open');
  function Page() {
    const { loginWithPopup, pending, error, result } = useLoginWithPopup();
    const { status } = useSession();
    return (
      <>
        <button
          onClick={() => {
            void loginWithPopup(options);
            afterClick.opened = open.mock.calls.length;
          }}
        >
          Sign in
        </button>
        <p data-testid="state">
          {`pending=${pending} session=${status} result=${result?.refreshToken.role ?? '-'}`}
          {error && ` error=${isRedirectsError(error) ? error.code : error.name}`}
        </p>
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
  return { open, afterClick };
}

const state = () => screen.getByTestId('state').textContent;

describe('useLoginWithPopup against the emulated platform', () => {
  it('opens the popup inside the click, signs in with the posted code once, and closes the popup', async () => {
    const clients = createClients();
    await clients.tokens.getTokens();
    const popup = fakePopup();
    const { open, afterClick } = renderPage(clients);
    open.mockReturnValue(popup as unknown as Window);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // window.open ran before the click handler returned: no await came before it.
    expect(afterClick.opened).toBe(1);
    expect(state()).toBe('pending=true session=visitor result=-');

    const { url, data } = await submitInPopup(popup, { ...MEMBER, action: 'login' });
    expect(url.searchParams.get('responseMode')).toBe('web_message');
    await act(async () => postFromPopup(popup, data, url.origin));
    await waitFor(() => expect(state()).toBe('pending=false session=member result=member'));
    expect(popup.close).toHaveBeenCalled();
    expect(grants(platform, 'authorization_code')).toHaveLength(1);
  });

  it("passes idp: Google's step creates the member on first use and signs them in", async () => {
    const clients = createClients();
    const popup = fakePopup();
    const { open } = renderPage(clients, { idp: 'google' });
    open.mockReturnValue(popup as unknown as Window);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const { url, data } = await submitInPopup(popup, {
      email: 'lin@example.com',
      action: 'idp',
    });
    expect(url.searchParams.get('idp')).toBe('0e6a50f5-b523-4e29-990d-f37fa2ffdd69');
    await act(async () => postFromPopup(popup, data, url.origin));
    await waitFor(() => expect(state()).toBe('pending=false session=member result=member'));
    expect(platform.state.findMember('lin@example.com')).toBeDefined();
  });

  it('a blocked popup ends in POPUP_BLOCKED, asks the platform nothing and keeps the visitor', async () => {
    const clients = createClients();
    await clients.tokens.getTokens();
    const { open } = renderPage(clients);
    open.mockReturnValue(null);
    const before = platform.state.requests.length;

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(state()).toBe('pending=false session=visitor result=- error=POPUP_BLOCKED'),
    );
    expect(platform.state.requests).toHaveLength(before);
  });

  it('a popup the member closes ends in POPUP_CLOSED; nothing is exchanged', async () => {
    const clients = createClients();
    const popup = fakePopup();
    const { open } = renderPage(clients);
    open.mockReturnValue(popup as unknown as Window);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await shown(popup, 1);
    popup.closed = true;
    await waitFor(() => expect(state()).toMatch(/^pending=false .* error=POPUP_CLOSED$/), {
      timeout: 3000,
    });
    expect(grants(platform, 'authorization_code')).toHaveLength(0);
  });

  it('the member cancelling on the hosted page ends in AUTHORIZATION_ERROR', async () => {
    const clients = createClients();
    const popup = fakePopup();
    const { open } = renderPage(clients, { idp: { connectionId: 'corp-sso' } });
    open.mockReturnValue(popup as unknown as Window);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const { url, data } = await submitInPopup(popup, { action: 'cancel' });
    expect(data).toMatchObject({ error: 'access_denied' });
    await act(async () => postFromPopup(popup, data, url.origin));
    await waitFor(() => expect(state()).toMatch(/error=AUTHORIZATION_ERROR$/));
    expect(popup.close).toHaveBeenCalled();
  });
});

describe('useLoginWithPopup', () => {
  it('a redirect client not made by createRedirects: INVALID_ARGUMENT in error, no window opened', async () => {
    const open = vi.spyOn(window, 'open');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider
        tokens={fakeSession()}
        redirects={{ loginWithRedirect: vi.fn(), completeLogin: vi.fn() }}
      >
        {children}
      </IdentityProvider>
    );
    const { result } = renderHook(() => useLoginWithPopup(), { wrapper });
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.loginWithPopup();
    });
    expect(outcome).toBeUndefined();
    expect(result.current.error).toMatchObject({
      name: 'RedirectsError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(
        /^redirects must be a redirect client made by createRedirects/,
      ),
    });
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    [
      'outside the provider',
      'MISSING_PROVIDER',
      'useLoginWithPopup must be used inside <IdentityProvider>',
    ],
    [
      'without redirects',
      'MISSING_INSTANCE',
      'useLoginWithPopup needs <IdentityProvider redirects={…}>',
    ],
  ] as const)('throws %s', (situation, code, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let thrown: unknown;
    try {
      if (situation === 'outside the provider') renderHook(() => useLoginWithPopup());
      else
        renderHook(() => useLoginWithPopup(), {
          wrapper: ({ children }: { children: ReactNode }) => (
            <IdentityProvider tokens={fakeSession()}>{children}</IdentityProvider>
          ),
        });
    } catch (error) {
      thrown = error;
    }
    expect(isIdentityReactError(thrown) && thrown.code).toBe(code);
    expect((thrown as Error).message).toBe(message);
  });
});
