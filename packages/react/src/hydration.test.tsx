import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { SignedIn } from './signed-in';
import { SignedOut } from './signed-out';
import { fakeSession, snapshotOf, tokensOf } from './test-support';
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
