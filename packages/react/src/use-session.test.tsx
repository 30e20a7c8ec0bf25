import { act, render, renderHook, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { Counted, fakeSession, snapshotOf, tokensOf } from './test-platform';
import { useIsLoggedIn } from './use-is-logged-in';
import { useSession } from './use-session';

function Status() {
  const { status, tokens } = useSession();
  return <p data-testid="status">{`${status}:${tokens?.refreshToken.role ?? '-'}`}</p>;
}

function LoggedIn() {
  return <p data-testid="logged-in">{String(useIsLoggedIn())}</p>;
}

describe('useSession', () => {
  it('returns the manager snapshot itself', () => {
    const visitor = snapshotOf('visitor', tokensOf('visitor'));
    const session = fakeSession(visitor);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={session}>{children}</IdentityProvider>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toBe(visitor);
  });

  it('follows every new snapshot', () => {
    const session = fakeSession();
    render(
      <IdentityProvider tokens={session}>
        <Status />
      </IdentityProvider>,
    );
    expect(screen.getByTestId('status').textContent).toBe('loading:-');
    act(() => session.publish(snapshotOf('visitor', tokensOf('visitor'))));
    expect(screen.getByTestId('status').textContent).toBe('visitor:visitor');
    act(() => session.publish(snapshotOf('member', tokensOf('member'))));
    expect(screen.getByTestId('status').textContent).toBe('member:member');
  });

  it('re-renders once per new snapshot and never when the snapshot is unchanged', () => {
    const session = fakeSession(snapshotOf('visitor', tokensOf('visitor')));
    const counter = { commits: 0 };
    render(
      <IdentityProvider tokens={session}>
        <Counted counter={counter}>
          <Status />
        </Counted>
      </IdentityProvider>,
    );
    expect(counter.commits).toBe(1);
    act(() => session.poke());
    act(() => session.poke());
    expect(counter.commits).toBe(1);
    act(() => session.publish(snapshotOf('visitor', tokensOf('visitor', 2_000_003_600))));
    expect(counter.commits).toBe(2);
  });

  it('subscribes once per component under StrictMode and unsubscribes on unmount', () => {
    const session = fakeSession(snapshotOf('none'));
    const { unmount } = render(
      <StrictMode>
        <IdentityProvider tokens={session}>
          <Status />
          <LoggedIn />
        </IdentityProvider>
      </StrictMode>,
    );
    expect(session.listeners).toBe(2);
    unmount();
    expect(session.listeners).toBe(0);
  });
});

describe('useIsLoggedIn', () => {
  it('is true only for a member', () => {
    const session = fakeSession();
    render(
      <IdentityProvider tokens={session}>
        <LoggedIn />
      </IdentityProvider>,
    );
    expect(screen.getByTestId('logged-in').textContent).toBe('false');
    act(() => session.publish(snapshotOf('visitor', tokensOf('visitor'))));
    expect(screen.getByTestId('logged-in').textContent).toBe('false');
    act(() => session.publish(snapshotOf('member', tokensOf('member'))));
    expect(screen.getByTestId('logged-in').textContent).toBe('true');
    act(() => session.publish(snapshotOf('none')));
    expect(screen.getByTestId('logged-in').textContent).toBe('false');
  });

  it('does not re-render on a renewal that keeps the role', () => {
    const session = fakeSession(snapshotOf('member', tokensOf('member')));
    const counter = { commits: 0 };
    render(
      <IdentityProvider tokens={session}>
        <Counted counter={counter}>
          <LoggedIn />
        </Counted>
      </IdentityProvider>,
    );
    act(() => session.publish(snapshotOf('member', tokensOf('member', 2_000_007_200))));
    expect(counter.commits).toBe(1);
  });
});
