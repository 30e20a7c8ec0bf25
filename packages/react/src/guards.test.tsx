import { act, render, screen } from '@testing-library/react';
import { Component, StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import type { LoginRedirector } from './instances';
import { RequireMember } from './require-member';
import { SignedIn } from './signed-in';
import { SignedOut } from './signed-out';
import { Counted, fakeSession, snapshotOf, tokensOf } from './test-platform';

type Status = 'loading' | 'none' | 'visitor' | 'member';
const snapshotFor = (status: Status) =>
  snapshotOf(status, status === 'loading' || status === 'none' ? null : tokensOf(status));

function fakeRedirects(loginWithRedirect: LoginRedirector['loginWithRedirect'] = async () => {}) {
  return {
    completeLogin: vi.fn(),
    loginWithRedirect: vi.fn(loginWithRedirect),
  } as unknown as LoginRedirector & {
    loginWithRedirect: ReturnType<typeof vi.fn>;
  };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>caught: {this.state.error.message}</p> : this.props.children;
  }
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('SignedIn and SignedOut', () => {
  it.each<[Status, string]>([
    ['loading', ''],
    ['none', 'out'],
    ['visitor', 'out'],
    ['member', 'in'],
  ])('with status %s render %o', (status, expected) => {
    const { container } = render(
      <IdentityProvider tokens={fakeSession(snapshotFor(status))}>
        <SignedIn>in</SignedIn>
        <SignedOut>out</SignedOut>
      </IdentityProvider>,
    );
    expect(container.textContent).toBe(expected);
  });

  it('switch on sign-in and do not re-render on renewals', () => {
    const session = fakeSession(snapshotFor('visitor'));
    const counter = { commits: 0 };
    const { container } = render(
      <IdentityProvider tokens={session}>
        <Counted counter={counter}>
          <SignedIn>in</SignedIn>
          <SignedOut>out</SignedOut>
        </Counted>
      </IdentityProvider>,
    );
    act(() => session.publish(snapshotOf('visitor', tokensOf('visitor', 2_000_003_600))));
    expect(counter.commits).toBe(1);
    act(() => session.publish(snapshotFor('member')));
    expect(container.textContent).toBe('in');
    expect(counter.commits).toBe(2);
  });
});

describe('RequireMember', () => {
  it.each<[Status, string]>([
    ['loading', ''],
    ['none', 'please sign in'],
    ['visitor', 'please sign in'],
    ['member', 'orders'],
  ])('with a fallback and status %s renders %o', (status, expected) => {
    const { container } = render(
      <IdentityProvider tokens={fakeSession(snapshotFor(status))}>
        <RequireMember fallback="please sign in">orders</RequireMember>
      </IdentityProvider>,
    );
    expect(container.textContent).toBe(expected);
  });

  it('starts the hosted login once for a visitor, under StrictMode, back to the current page', async () => {
    window.history.replaceState(null, '', '/orders?page=2');
    const redirects = fakeRedirects();
    const session = fakeSession(snapshotFor('loading'));
    render(
      <StrictMode>
        <IdentityProvider tokens={session} redirects={redirects}>
          <RequireMember
            redirectToLogin={{ redirectUri: 'https://shop.example/callback' }}
            fallback="redirecting"
          >
            orders
          </RequireMember>
        </IdentityProvider>
      </StrictMode>,
    );
    expect(redirects.loginWithRedirect).not.toHaveBeenCalled();
    await act(async () => session.publish(snapshotFor('visitor')));
    expect(screen.getByText('redirecting')).toBeTruthy();
    expect(redirects.loginWithRedirect).toHaveBeenCalledTimes(1);
    expect(redirects.loginWithRedirect).toHaveBeenCalledWith({
      redirectUri: 'https://shop.example/callback',
      originalUri: `${window.location.origin}/orders?page=2`,
    });
  });

  it('passes an explicit originalUri and renders nothing without a fallback', async () => {
    const redirects = fakeRedirects();
    const { container } = render(
      <IdentityProvider tokens={fakeSession(snapshotFor('none'))} redirects={redirects}>
        <RequireMember
          redirectToLogin={{
            redirectUri: 'https://shop.example/callback',
            originalUri: '/account',
          }}
        >
          orders
        </RequireMember>
      </IdentityProvider>,
    );
    await act(async () => {});
    expect(container.textContent).toBe('');
    expect(redirects.loginWithRedirect).toHaveBeenCalledWith({
      redirectUri: 'https://shop.example/callback',
      originalUri: '/account',
    });
  });

  it('does not redirect a member', async () => {
    const redirects = fakeRedirects();
    render(
      <IdentityProvider tokens={fakeSession(snapshotFor('member'))} redirects={redirects}>
        <RequireMember redirectToLogin={{ redirectUri: 'https://shop.example/callback' }}>
          orders
        </RequireMember>
      </IdentityProvider>,
    );
    await act(async () => {});
    expect(screen.getByText('orders')).toBeTruthy();
    expect(redirects.loginWithRedirect).not.toHaveBeenCalled();
  });

  it('throws a failure to start the login to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const redirects = fakeRedirects(async () => Promise.reject(new Error('No redirect URL found')));
    render(
      <Boundary>
        <IdentityProvider tokens={fakeSession(snapshotFor('visitor'))} redirects={redirects}>
          <RequireMember redirectToLogin={{ redirectUri: 'https://shop.example/callback' }}>
            orders
          </RequireMember>
        </IdentityProvider>
      </Boundary>,
    );
    expect(await screen.findByText('caught: No redirect URL found')).toBeTruthy();
  });

  it('with redirectToLogin but no redirect client, throws MISSING_INSTANCE', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <IdentityProvider tokens={fakeSession(snapshotFor('visitor'))}>
          <RequireMember redirectToLogin={{ redirectUri: 'https://shop.example/callback' }}>
            orders
          </RequireMember>
        </IdentityProvider>,
      ),
    ).toThrow('<RequireMember redirectToLogin> needs <IdentityProvider redirects={…}>');
  });

  it('rejects a redirectToLogin without a redirectUri', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { originalUri: '/x' } as unknown as { redirectUri: string };
    expect(() =>
      render(
        <IdentityProvider tokens={fakeSession(snapshotFor('visitor'))} redirects={fakeRedirects()}>
          <RequireMember redirectToLogin={bad}>orders</RequireMember>
        </IdentityProvider>,
      ),
    ).toThrow('<RequireMember> redirectToLogin.redirectUri must be a string');
  });
});
