import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { createClients, MEMBER, PAGE_ORIGIN, usePlatform } from './test-platform';
import { useMemberAuth } from './use-member-auth';

const platform = usePlatform();

/** A recovery page as an app writes it: "Password changed" only when the call says it succeeded. */
function RecoveryPage({ recoveryToken }: { recoveryToken: string }) {
  const { resetPassword, pending } = useMemberAuth();
  const [status, setStatus] = useState('');
  return (
    <>
      <button
        disabled={pending}
        onClick={() =>
          void resetPassword(recoveryToken, 'a new password').then((outcome) =>
            setStatus(outcome.ok ? 'Password changed' : `Not changed: ${outcome.error.message}`),
          )
        }
      >
        Change password
      </button>
      <p role="status">{status}</p>
    </>
  );
}

function renderRecoveryPage(recoveryToken: string) {
  const clients = createClients();
  render(
    <IdentityProvider
      tokens={clients.tokens}
      redirects={clients.redirects}
      memberAuth={clients.memberAuth}
    >
      <RecoveryPage recoveryToken={recoveryToken} />
    </IdentityProvider>,
  );
  return clients;
}

/** The recovery token of the last recovery e-mail the platform sent. */
const lastRecoveryToken = () =>
  new URL(
    platform.state.lastEmail({ kind: 'recovery' })?.link ?? 'https://invalid.test/',
  ).searchParams.get('recoveryToken') ?? '';

describe('a page reads success or failure from the wrapped call', () => {
  it('a rejected recovery token: the page never says "Password changed"', async () => {
    renderRecoveryPage('a-recovery-token-the-platform-never-issued');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    await screen.findByText(/^Not changed: /);
    expect(screen.queryByText('Password changed')).toBeNull();
  });

  it('an issued recovery token: the page says "Password changed"', async () => {
    const { memberAuth } = createClients();
    await memberAuth.sendPasswordResetEmail(MEMBER.email, {
      redirectUri: `${PAGE_ORIGIN}/reset`,
    });
    renderRecoveryPage(lastRecoveryToken());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });
    await screen.findByText('Password changed');
  });
});

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
    expect(outcome).toMatchObject({ ok: true, value: { loginState: 'FAILURE' } });
    expect(result.current.error).toBeUndefined();
  });

  it('a call the member client rejects lands in error, without an unhandled rejection', async () => {
    const { result } = setup();
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.changePassword('a new password');
    });
    expect(outcome).toMatchObject({ ok: false, error: { name: 'MemberAuthError' } });
    expect(result.current.error).toMatchObject({ name: 'MemberAuthError' });
    expect(result.current.error?.message).not.toContain('a new password');
  });
});
