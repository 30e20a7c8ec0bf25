import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { SignedOut } from './signed-out';
import { Counted, createClients, grants, usePlatform } from './test-platform';
import { useIsLoggedIn } from './use-is-logged-in';
import { useSession } from './use-session';

const platform = usePlatform();

function Session() {
  const { status, tokens } = useSession();
  return <p data-testid="session">{`${status} ${tokens ? tokens.accessToken.expiresAt : '-'}`}</p>;
}

function LoggedIn() {
  return <p>{`logged-in=${useIsLoggedIn()}`}</p>;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('a token manager behind the bindings', () => {
  it('a refresh in the core re-renders a subscriber once; a call that changes nothing re-renders nothing', async () => {
    const { tokens } = createClients();
    await tokens.getTokens();
    const session = { commits: 0 };
    const loggedIn = { commits: 0 };
    render(
      <IdentityProvider tokens={tokens}>
        <Counted counter={session}>
          <Session />
        </Counted>
        <Counted counter={loggedIn}>
          <LoggedIn />
          <SignedOut>guest</SignedOut>
        </Counted>
      </IdentityProvider>,
    );
    const firstExpiry = tokens.getSnapshot().tokens?.accessToken.expiresAt;
    expect(screen.getByTestId('session').textContent).toBe(`visitor ${firstExpiry}`);
    expect(session.commits).toBe(1);

    await act(() => tokens.getTokens());
    expect(session.commits).toBe(1);

    vi.setSystemTime(Date.now() + 3_600_000);
    await act(() => tokens.getTokens());
    expect(grants(platform, 'refresh_token')).toHaveLength(1);
    const renewed = tokens.getSnapshot().tokens?.accessToken.expiresAt;
    expect(renewed).toBeGreaterThan(firstExpiry ?? Infinity);
    expect(screen.getByTestId('session').textContent).toBe(`visitor ${renewed}`);
    expect(session.commits).toBe(2);
    expect(loggedIn.commits).toBe(1);

    await act(() => tokens.getTokens());
    expect(session.commits).toBe(2);
  });

  it('signing out re-renders the guards, and the next visitor session follows', async () => {
    const { tokens } = createClients();
    await tokens.getTokens();
    const seen: string[] = [];
    function Statuses() {
      seen.push(useSession().status);
      return null;
    }
    render(
      <IdentityProvider tokens={tokens}>
        <Session />
        <Statuses />
        <SignedOut>guest</SignedOut>
      </IdentityProvider>,
    );
    expect(screen.getByText('guest')).toBeTruthy();
    await act(() => tokens.clear());
    await vi.waitFor(() =>
      expect(screen.getByTestId('session').textContent).toMatch(/^visitor \d+$/),
    );
    expect(seen).toContain('none');
    expect(screen.getByText('guest')).toBeTruthy();
    expect(grants(platform, 'anonymous')).toHaveLength(2);
  });
});
