// @vitest-environment node
import { createTokenManager } from '@site-identity/tokens';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import type { LoginRedirector } from './instances';
import { RequireMember } from './require-member';
import { SignedIn } from './signed-in';
import { SignedOut } from './signed-out';
import { fakeSession, snapshotOf, tokensOf } from './test-platform';
import { useIsLoggedIn } from './use-is-logged-in';
import { useLoginCallback } from './use-login-callback';
import { useSession } from './use-session';

function Page() {
  const { status, tokens } = useSession();
  const loggedIn = useIsLoggedIn();
  const callback = useLoginCallback();
  return (
    <main>
      <p>{`status=${status} tokens=${JSON.stringify(tokens)} loggedIn=${loggedIn} callback=${callback.status}`}</p>
      <SignedIn>member area</SignedIn>
      <SignedOut>sign-in link</SignedOut>
      <RequireMember
        redirectToLogin={{ redirectUri: 'https://shop.example/callback' }}
        fallback="fallback"
      >
        orders
      </RequireMember>
    </main>
  );
}

describe('server rendering', () => {
  it('runs where there is no window', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the loading state, whatever the manager holds, and calls nothing', () => {
    const session = fakeSession(snapshotOf('member', tokensOf('member')));
    const getSnapshot = vi.spyOn(session, 'getSnapshot');
    const redirects = {
      completeLogin: vi.fn(),
      loginWithRedirect: vi.fn(),
    } as unknown as LoginRedirector;
    const html = renderToString(
      <IdentityProvider tokens={session} redirects={redirects}>
        <Page />
      </IdentityProvider>,
    );
    expect(html).toBe(
      '<main><p>status=loading tokens=null loggedIn=false callback=idle</p></main>',
    );
    expect(getSnapshot).not.toHaveBeenCalled();
    expect(session.listeners).toBe(0);
    expect(redirects.completeLogin).not.toHaveBeenCalled();
    expect(redirects.loginWithRedirect).not.toHaveBeenCalled();
  });

  it('renders the loading state with a real token manager made on the server, fetching nothing', () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const tokens = createTokenManager({
      clientId: 'app',
      fetch,
      crossTab: false,
      autoRefresh: false,
    });
    const html = renderToString(
      <IdentityProvider tokens={tokens}>
        <SignedOut>sign in</SignedOut>
        <Probe />
      </IdentityProvider>,
    );
    expect(html).toBe('<p>loading</p>');
    expect(fetch).not.toHaveBeenCalled();
    tokens.dispose();

    function Probe() {
      return <p>{useSession().status}</p>;
    }
  });

  it('gives the same server snapshot object on every render', () => {
    const seen = new Set<unknown>();
    function Probe() {
      seen.add(useSession());
      return null;
    }
    for (let i = 0; i < 3; i++) {
      renderToString(
        <IdentityProvider tokens={fakeSession()}>
          <Probe />
        </IdentityProvider>,
      );
    }
    expect(seen.size).toBe(1);
    const [snapshot] = seen;
    expect(snapshot).toEqual({ status: 'loading', tokens: null });
    expect(Object.isFrozen(snapshot)).toBe(true);
  });
});

describe('server rendering with initialSession', () => {
  it.each([
    ['member', 'status=member tokens=null loggedIn=true callback=idle', 'member area', 'orders'],
    [
      'visitor',
      'status=visitor tokens=null loggedIn=false callback=idle',
      'sign-in link',
      'fallback',
    ],
  ] as const)(
    'renders the %s session the server read, never loading',
    (status, line, gate, guarded) => {
      const session = fakeSession(snapshotOf('none', null));
      const redirects = {
        completeLogin: vi.fn(),
        loginWithRedirect: vi.fn(),
      } as unknown as LoginRedirector;
      const html = renderToString(
        <IdentityProvider
          tokens={session}
          redirects={redirects}
          initialSession={{ status, tokens: null }}
        >
          <Page />
        </IdentityProvider>,
      );
      expect(html).toContain(`<p>${line}</p>`);
      expect(html).toContain(gate);
      expect(html).not.toContain('loading');
      if (status === 'member') expect(html).toContain(guarded);
      expect(redirects.loginWithRedirect).not.toHaveBeenCalled();
    },
  );

  it('a bad initialSession is a typed error that names the prop', () => {
    const session = fakeSession(snapshotOf('none', null));
    expect(() =>
      renderToString(
        <IdentityProvider tokens={session} initialSession={{ status: 'admin' as never }}>
          <Page />
        </IdentityProvider>,
      ),
    ).toThrow(
      '<IdentityProvider> initialSession.status must be one of loading, none, visitor, member; got admin',
    );
  });
});
