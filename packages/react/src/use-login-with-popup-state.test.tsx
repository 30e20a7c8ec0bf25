// The hook's own state (pending, error, result, reset, a stable function), with the
// popup login of @site-identity/redirects/popup replaced: what a login does is
// tested against the emulated platform in use-login-with-popup.test.tsx.
import type { Redirects } from '@site-identity/redirects';
import { loginWithPopup as popupLogin } from '@site-identity/redirects/popup';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import { fakeSession } from './test-platform';
import { useLoginWithPopup } from './use-login-with-popup';

vi.mock('@site-identity/redirects/popup', () => ({ loginWithPopup: vi.fn() }));
const loginWithPopupMock = vi.mocked(popupLogin);

afterEach(() => {
  loginWithPopupMock.mockReset();
});

const redirects = { loginWithRedirect: vi.fn(), completeLogin: vi.fn() } as unknown as Redirects;

function setup() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IdentityProvider tokens={fakeSession()} redirects={redirects}>
      {children}
    </IdentityProvider>
  );
  return renderHook(() => useLoginWithPopup(), { wrapper });
}

describe('useLoginWithPopup state', () => {
  it('passes the options through, clears the previous error when a login starts, and reset() forgets it', async () => {
    const tokens = {
      accessToken: { value: 'a', expiresAt: 1 },
      refreshToken: { value: 'r', role: 'member' },
    };
    const loginWithPopup = vi
      .fn()
      .mockRejectedValueOnce(new Error('first'))
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValueOnce(tokens);
    loginWithPopupMock.mockImplementation(loginWithPopup);
    const { result } = setup();
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.loginWithPopup({ idp: 'facebook' });
    });
    expect(loginWithPopup).toHaveBeenCalledWith(redirects, { idp: 'facebook' });
    expect(outcome).toBeUndefined();
    expect(result.current.error?.message).toBe('first');

    act(() => void result.current.loginWithPopup());
    expect(result.current).toMatchObject({ pending: true, error: undefined, result: undefined });
    act(() => result.current.reset());
    expect(result.current.pending).toBe(false);

    const { loginWithPopup: stable, reset } = result.current;
    await act(async () => {
      outcome = await result.current.loginWithPopup();
    });
    expect(outcome).toBe(tokens);
    expect(result.current).toMatchObject({ pending: false, error: undefined, result: tokens });
    expect(result.current.loginWithPopup).toBe(stable);
    expect(result.current.reset).toBe(reset);
  });

  it('wraps a rejection that is not an Error in ACTION_FAILED with the cause', async () => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- not an Error, on purpose
    loginWithPopupMock.mockImplementation(() => Promise.reject('gone'));
    const { result } = setup();
    await act(() => result.current.loginWithPopup());
    const { error } = result.current;
    expect(isIdentityReactError(error) && error.code).toBe('ACTION_FAILED');
    expect(error?.message).toBe('The popup login failed');
    expect(error?.cause).toBe('gone');
  });
});
