import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import type { IdentityInstances } from './instances';
import { RequireMember } from './require-member';
import { SignedIn } from './signed-in';
import { SignedOut } from './signed-out';
import { fakeSession } from './test-platform';
import { useIsLoggedIn } from './use-is-logged-in';
import { useLoginCallback } from './use-login-callback';
import { useMemberAuth } from './use-member-auth';
import { useSession } from './use-session';

/** Renders `ui`, expecting it to throw; returns what it threw. */
function thrownBy(ui: ReactNode): unknown {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    render(<>{ui}</>);
  } catch (error) {
    return error;
  }
  throw new Error('expected the render to throw');
}

describe('outside <IdentityProvider>', () => {
  it.each<[string, () => unknown]>([
    ['useSession', () => useSession()],
    ['useIsLoggedIn', () => useIsLoggedIn()],
    ['useMemberAuth', () => useMemberAuth()],
    ['useLoginCallback', () => useLoginCallback()],
  ])('%s throws an error that names the provider', (name, hook) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(hook)).toThrow(`${name} must be used inside <IdentityProvider>`);
  });

  it.each([
    ['<SignedIn>', <SignedIn key="in">x</SignedIn>],
    ['<SignedOut>', <SignedOut key="out">x</SignedOut>],
    [
      '<RequireMember>',
      <RequireMember key="req" fallback="x">
        y
      </RequireMember>,
    ],
  ])('%s throws a MISSING_PROVIDER error', (name, ui) => {
    const error = thrownBy(ui);
    expect(isIdentityReactError(error) && error.code).toBe('MISSING_PROVIDER');
    expect((error as Error).message).toBe(`${name} must be used inside <IdentityProvider>`);
  });
});

describe('IdentityProvider', () => {
  it('renders its children and shares the instances', () => {
    const tokens = fakeSession();
    render(
      <IdentityProvider tokens={tokens}>
        <p>inside</p>
      </IdentityProvider>,
    );
    expect(screen.getByText('inside')).toBeTruthy();
  });

  it.each([
    ['no tokens', { tokens: undefined }],
    ['tokens without subscribe', { tokens: { getSnapshot: () => null } }],
    ['tokens that are a string', { tokens: 'manager' }],
  ])('rejects %s with INVALID_ARGUMENT, not a TypeError', (_, props) => {
    const error = thrownBy(
      <IdentityProvider {...(props as unknown as IdentityInstances)}>x</IdentityProvider>,
    );
    expect(isIdentityReactError(error) && error.code).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(/<IdentityProvider> needs a token manager/);
  });

  it('rejects a redirects prop that is not a redirect client', () => {
    const props = {
      tokens: fakeSession(),
      redirects: { login: () => {} },
    } as unknown as IdentityInstances;
    const error = thrownBy(<IdentityProvider {...props}>x</IdentityProvider>);
    expect(isIdentityReactError(error) && error.code).toBe('INVALID_ARGUMENT');
  });

  it('rejects a memberAuth prop that is not an object', () => {
    const props = { tokens: fakeSession(), memberAuth: 'auth' } as unknown as IdentityInstances;
    const error = thrownBy(<IdentityProvider {...props}>x</IdentityProvider>);
    expect(isIdentityReactError(error) && error.code).toBe('INVALID_ARGUMENT');
  });

  it.each<[string, string, () => unknown]>([
    ['useMemberAuth', 'memberAuth', () => useMemberAuth()],
    ['useLoginCallback', 'redirects', () => useLoginCallback()],
  ])('%s without its instance throws MISSING_INSTANCE naming the prop', (name, prop, hook) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tokens = fakeSession();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IdentityProvider tokens={tokens}>{children}</IdentityProvider>
    );
    let caught: unknown;
    try {
      renderHook(hook, { wrapper });
    } catch (error) {
      caught = error;
    }
    expect(isIdentityReactError(caught) && caught.code).toBe('MISSING_INSTANCE');
    expect((caught as Error).message).toBe(`${name} needs <IdentityProvider ${prop}={…}>`);
  });
});
