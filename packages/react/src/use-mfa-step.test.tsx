import { act, renderHook } from '@testing-library/react';
import type { LoginResult } from '@site-identity/member-auth';
import { createSoftwareAuthenticator } from '@site-identity/mock-platform';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IdentityProvider } from './identity-provider';
import { createClients, MEMBER, PAGE_ORIGIN, usePlatform } from './test-platform';
import { useMfaStep } from './use-mfa-step';

const platform = usePlatform();

async function setup(mfa: Parameters<typeof platform.state.addMember>[0]['mfa']) {
  if (mfa) {
    platform.state.members.delete(platform.state.findMember(MEMBER.email)!.id);
    platform.state.addMember({ ...MEMBER, mfa });
  }
  const clients = createClients();
  const login = await clients.memberAuth.login({ ...MEMBER, completeLogin: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <IdentityProvider
      tokens={clients.tokens}
      redirects={clients.redirects}
      memberAuth={clients.memberAuth}
    >
      {children}
    </IdentityProvider>
  );
  const hook = renderHook(({ result }: { result: LoginResult | undefined }) => useMfaStep(result), {
    wrapper,
    initialProps: { result: login },
  });
  return { clients, login, ...hook };
}

describe('useMfaStep', () => {
  it('exposes the typed challenge and verifies a code factor, keeping a wrong code as error', async () => {
    const { result } = await setup({
      factorType: 'totp',
      factors: ['recovery_code'],
      totpCode: '424242',
    });
    expect(result.current.challenge?.availableFactors.map((factor) => factor.factorType)).toEqual([
      'TOTP',
      'RECOVERY_CODE',
    ]);
    await act(() => result.current.verify('TOTP', { code: '000000', completeLogin: false }));
    expect(result.current.error).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'REQUEST_FAILED',
    });
    await act(() => result.current.verify('TOTP', { code: '424242', completeLogin: false }));
    expect(result.current.error).toBeUndefined();
    expect(result.current.result?.loginState).toBe('SUCCESS');
  });

  it('waits for a push approval with progress, then succeeds', async () => {
    const { result } = await setup({ factorType: 'push' });
    const transactionId =
      result.current.challenge?.verificationChallengeData.pushData?.transactionId ?? '';
    let waiting: Promise<unknown> | undefined;
    act(() => {
      waiting = result.current.waitForPush({ completeLogin: false });
    });
    expect(result.current.pending).toBe(true);
    await vi.waitFor(() => expect(result.current.pushProgress?.attempt).toBe(1));
    platform.state.push.get(transactionId)!.status = 'APPROVED';
    await act(() => waiting);
    expect(result.current.pending).toBe(false);
    expect(result.current.pushProgress).toBeUndefined();
    expect(result.current.result?.loginState).toBe('SUCCESS');
  });

  it('cancel stops a push wait: ABORTED', async () => {
    const { result } = await setup({ factorType: 'push' });
    let waiting: Promise<unknown> | undefined;
    act(() => {
      waiting = result.current.waitForPush();
    });
    await vi.waitFor(() => expect(result.current.pushProgress).toBeDefined());
    act(() => result.current.cancel());
    await act(() => waiting);
    expect(result.current.error).toMatchObject({ errorCode: 'ABORTED' });
  });

  it('runs the passkey ceremony through navigator.credentials; without WebAuthn, a typed error', async () => {
    const authenticator = createSoftwareAuthenticator(PAGE_ORIGIN);
    const control = (path: string, body: unknown) =>
      platform.fetch(`https://www.wixapis.com/_mock/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const options: unknown = await (
      await control('webauthn/registration-options', { email: MEMBER.email, origin: PAGE_ORIGIN })
    ).json();
    const created = await authenticator.credentials.create({ publicKey: options as never });
    await control('webauthn/register', { credential: created.toJSON() });
    const { result } = await setup(undefined);
    expect(result.current.challenge?.factorType).toBe('WEBAUTHN');

    await act(() => result.current.verifyWithPasskey({ completeLogin: false }));
    expect(result.current.error?.errorCode).toBe('WEBAUTHN_UNSUPPORTED');

    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    Object.defineProperty(navigator, 'credentials', {
      value: authenticator.credentials,
      configurable: true,
    });
    try {
      await act(() => result.current.verifyWithPasskey({ completeLogin: false }));
    } finally {
      Reflect.deleteProperty(navigator, 'credentials');
    }
    expect(result.current.error).toBeUndefined();
    expect(result.current.result?.loginState).toBe('SUCCESS');
  });

  it('a new login result starts afresh', async () => {
    const { result, rerender, clients } = await setup({ factorType: 'totp' });
    await act(() => result.current.verify('TOTP', { code: '1', completeLogin: false }));
    expect(result.current.error).toBeDefined();
    const again = await clients.memberAuth.login({ ...MEMBER, completeLogin: false });
    rerender({ result: again });
    expect(result.current.error).toBeUndefined();
    expect(result.current.challenge).toBeDefined();
  });

  it('no challenge for a login that asked for none', async () => {
    const { result } = await setup(undefined);
    expect(result.current.challenge).toBeUndefined();
  });
});
