import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { createClients, MEMBER, usePlatform } from './test-platform';
import { useMemberAuth } from './use-member-auth';

const platform = usePlatform();

function setup() {
  const clients = createClients();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IdentityProvider
      tokens={clients.tokens}
      redirects={clients.redirects}
      memberAuth={clients.memberAuth}
    >
      {children}
    </IdentityProvider>
  );
  return { clients, ...renderHook(() => useMemberAuth(), { wrapper }) };
}

describe('useMemberAuth over a real member client and the emulated platform', () => {
  it('a wrong password is a FAILURE result with its code, and no error', async () => {
    const { result } = setup();
    await act(() => result.current.login({ email: MEMBER.email, password: 'wrong password' }));
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBeUndefined();
    expect(result.current.result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidPassword',
    });
  });

  it('a password login without the frame exchange is SUCCESS with a session token', async () => {
    const { result } = setup();
    await act(() => result.current.login({ ...MEMBER, completeLogin: false }));
    expect(result.current.result).toMatchObject({
      loginState: 'SUCCESS',
      data: { sessionToken: expect.any(String) },
    });
  });

  it('a dropped connection still resolves, as a FAILURE result', async () => {
    platform.faults.inject({ kind: 'network' });
    const { result } = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.login(MEMBER);
    });
    expect(outcome).toMatchObject({ loginState: 'FAILURE' });
    expect(result.current.error).toBeUndefined();
  });

  it('a call the member client rejects lands in error, without an unhandled rejection', async () => {
    const { result } = setup();
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.changePassword('a new password');
    });
    expect(outcome).toBeUndefined();
    expect(result.current.error).toMatchObject({ name: 'MemberAuthError' });
    expect(result.current.error?.message).not.toContain('a new password');
  });
});
