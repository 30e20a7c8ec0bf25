import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { SignedIn } from './signed-in';
import { SignedOut } from './signed-out';
import { fakeSession, snapshotOf, tokensOf } from './test-platform';
import { useIsLoggedIn } from './use-is-logged-in';
import { useSession } from './use-session';

function Page() {
  const { status } = useSession();
  return (
    <main>
      <p>{`status=${status} loggedIn=${useIsLoggedIn()}`}</p>
      <SignedIn>member area</SignedIn>
      <SignedOut>sign-in link</SignedOut>
    </main>
  );
}

describe('hydration', () => {
  it('hydrates the server HTML without a mismatch, then shows the client session', async () => {
    const session = fakeSession(snapshotOf('member', tokensOf('member')));
    const tree = (
      <IdentityProvider tokens={session}>
        <Page />
      </IdentityProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    expect(container.textContent).toBe('status=loading loggedIn=false');

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: recoverable }),
    );
    expect(container.textContent).toBe('status=member loggedIn=truemember area');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});

describe('hydration with initialSession', () => {
  it('the first client render is the server snapshot: no flash of signed-out content, no warning', async () => {
    const session = fakeSession(snapshotOf('member', tokensOf('member')));
    const seen: string[] = [];
    function Recorder() {
      const { status } = useSession();
      seen.push(status);
      return null;
    }
    const tree = (
      <IdentityProvider tokens={session} initialSession={{ status: 'member', tokens: null }}>
        <Recorder />
        <Page />
      </IdentityProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    expect(container.textContent).toBe('status=member loggedIn=truemember area');
    seen.length = 0;

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: recoverable }),
    );
    expect(container.textContent).toBe('status=member loggedIn=truemember area');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((status) => status === 'member')).toBe(true);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('when the client knows better (the session ended meanwhile), it hydrates cleanly, then shows it', async () => {
    const session = fakeSession(snapshotOf('visitor', tokensOf('visitor')));
    const tree = (
      <IdentityProvider tokens={session} initialSession={{ status: 'member', tokens: null }}>
        <Page />
      </IdentityProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, tree, { onRecoverableError: recoverable }),
    );
    expect(container.textContent).toBe('status=visitor loggedIn=falsesign-in link');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });
});
