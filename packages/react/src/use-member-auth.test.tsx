import type { MemberAuth } from '@site-identity/member-auth';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { isIdentityReactError } from './identity-react-error';
import { fakeSession } from './test-platform';
import { useMemberAuth } from './use-member-auth';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const SUCCESS = { loginState: 'SUCCESS', data: { sessionToken: 'session' } } as const;
const FAILURE = {
  loginState: 'FAILURE',
  error: 'Invalid password',
  errorCode: 'invalidPassword',
} as const;

function setup(memberAuth: Partial<Record<keyof MemberAuth, unknown>>) {
  const tokens = fakeSession();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IdentityProvider tokens={tokens} memberAuth={memberAuth as unknown as MemberAuth}>
      {children}
    </IdentityProvider>
  );
  return renderHook(() => useMemberAuth(), { wrapper });
}

describe('useMemberAuth', () => {
  it('starts idle', () => {
    const { result } = setup({ login: vi.fn() });
    expect(result.current).toMatchObject({ pending: false, error: undefined, result: undefined });
    expect(typeof result.current.login).toBe('function');
  });

  it('passes the arguments through and tracks pending, then the result', async () => {
    const answer = deferred<typeof SUCCESS>();
    const login = vi.fn(() => answer.promise);
    const { result } = setup({ login });
    let call!: Promise<unknown>;
    act(() => {
      call = result.current.login({ email: 'ada@example.com', password: 'secret' });
    });
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret' });
    expect(result.current.pending).toBe(true);
    await act(async () => answer.resolve(SUCCESS));
    await expect(call).resolves.toEqual({ ok: true, value: SUCCESS });
    expect(result.current).toMatchObject({ pending: false, error: undefined, result: SUCCESS });
  });

  it('resultOf(name): the latest answer typed for that call, undefined after another call', async () => {
    const login = vi.fn(async () => FAILURE);
    const sendPasswordResetEmail = vi.fn(async () => undefined);
    const { result } = setup({ login, sendPasswordResetEmail });
    expect(result.current.resultOf('login')).toBeUndefined();
    await act(() => result.current.login({ email: 'ada@example.com', password: 'wrong' }));
    const loginResult = result.current.resultOf('login');
    // Typed as a LoginResult: no 'loginState' in result to narrow.
    expect(loginResult?.loginState === 'FAILURE' && loginResult.error).toBe('Invalid password');
    expect(result.current.resultOf('register')).toBeUndefined();
    expect(result.current.result).toBe(FAILURE);
    await act(() =>
      result.current.sendPasswordResetEmail('ada@example.com', {
        redirectUri: 'https://shop.example/reset',
      }),
    );
    expect(result.current.resultOf('login')).toBeUndefined();
  });

  it('keeps a FAILURE login result as a result, not an error', async () => {
    const { result } = setup({ login: vi.fn(async () => FAILURE) });
    await act(() => result.current.login({ email: 'ada@example.com', password: 'wrong' }));
    expect(result.current).toMatchObject({ pending: false, error: undefined, result: FAILURE });
  });

  it('resolves with { ok: false, error } instead of rejecting, and holds the error', async () => {
    const failure = Object.assign(new Error('Passwords must differ'), {
      name: 'MemberAuthError',
      code: 'INVALID_ARGUMENT',
    });
    const { result } = setup({ changePassword: vi.fn(async () => Promise.reject(failure)) });
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.changePassword('new-secret');
    });
    expect(outcome).toEqual({ ok: false, error: failure });
    expect(result.current).toMatchObject({ pending: false, error: failure, result: undefined });
  });

  it('a call that answers nothing resolves { ok: true, value: undefined } on success', async () => {
    const { result } = setup({ resetPassword: vi.fn(async () => undefined) });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.resetPassword('recovery-token', 'new-secret');
    });
    expect(outcome).toEqual({ ok: true, value: undefined });
  });

  it('catches a call that throws synchronously', async () => {
    const { result } = setup({
      resetPassword: vi.fn(() => {
        throw new Error('bad input');
      }),
    });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.resetPassword('recovery-token', 'new-secret');
    });
    expect(outcome).toMatchObject({ ok: false, error: { message: 'bad input' } });
    expect(result.current.error?.message).toBe('bad input');
  });

  it('wraps a rejection that is not an Error in ACTION_FAILED with the cause', async () => {
    const { result } = setup({
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- not an Error, on purpose
      sendPasswordResetEmail: vi.fn(async () => Promise.reject('offline')),
    });
    await act(() =>
      result.current.sendPasswordResetEmail('ada@example.com', {
        redirectUri: 'https://shop.example/reset',
      }),
    );
    const { error } = result.current;
    expect(isIdentityReactError(error) && error.code).toBe('ACTION_FAILED');
    expect(error?.cause).toBe('offline');
  });

  it('clears the previous error when a new call starts', async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce(SUCCESS);
    const { result } = setup({ login });
    await act(() => result.current.login({ email: 'a@example.com', password: 'x' }));
    expect(result.current.error?.message).toBe('network');
    await act(() => result.current.login({ email: 'a@example.com', password: 'x' }));
    expect(result.current).toMatchObject({ error: undefined, result: SUCCESS });
  });

  it('follows the latest of overlapping calls', async () => {
    const first = deferred<typeof FAILURE>();
    const second = deferred<typeof SUCCESS>();
    const login = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result } = setup({ login });
    let earlier!: Promise<unknown>;
    act(() => {
      earlier = result.current.login({ email: 'a@example.com', password: '1' });
      void result.current.login({ email: 'a@example.com', password: '2' });
    });
    await act(async () => second.resolve(SUCCESS));
    expect(result.current).toMatchObject({ pending: false, result: SUCCESS });
    await act(async () => first.resolve(FAILURE));
    await expect(earlier).resolves.toEqual({ ok: true, value: FAILURE });
    expect(result.current.result).toBe(SUCCESS);
  });

  it('reset() forgets the state and ignores a call still in flight', async () => {
    const answer = deferred<typeof SUCCESS>();
    const { result } = setup({ login: vi.fn(() => answer.promise) });
    act(() => void result.current.login({ email: 'a@example.com', password: 'x' }));
    expect(result.current.pending).toBe(true);
    act(() => result.current.reset());
    expect(result.current.pending).toBe(false);
    await act(async () => answer.resolve(SUCCESS));
    expect(result.current.result).toBeUndefined();
  });

  it('keeps the same functions across renders', async () => {
    const { result, rerender } = setup({ login: vi.fn(async () => SUCCESS) });
    const { login, reset } = result.current;
    await act(() => result.current.login({ email: 'a@example.com', password: 'x' }));
    rerender();
    expect(result.current.login).toBe(login);
    expect(result.current.reset).toBe(reset);
  });

  it('calls the member client as its receiver', async () => {
    const client = {
      greeting: 'hi',
      async register(this: { greeting: string }) {
        return this.greeting;
      },
    };
    const { result } = setup(client);
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.register({ email: 'a@example.com', password: 'x' });
    });
    expect(outcome).toEqual({ ok: true, value: 'hi' });
  });
});
