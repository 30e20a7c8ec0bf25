import { describe, expect, test } from 'vitest';
import type { MockFactorType } from '@site-identity/mock-platform';
import type { FactorType } from './enumerations';
import { usePlatform } from './test-harness';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, createAuth, serviceRequests } = usePlatform();

describe('verifyFactor', () => {
  test.each<[FactorType, MockFactorType, 'outbox' | 'totp']>([
    ['SMS', 'sms', 'outbox'],
    ['CALL', 'call', 'outbox'],
    ['EMAIL', 'email', 'outbox'],
    ['TOTP', 'totp', 'totp'],
  ])('%s: the code completes the login', async (factorType, mockType, source) => {
    platform.state.addMember({ ...ada, mfa: { factorType: mockType, totpCode: '424242' } });
    const { auth, tokens, silentLogin } = createAuth({ emulateSilentLogin: true });
    const challenged = await auth.login(ada);
    expect(challenged).toMatchObject({ loginState: 'FAILURE', serverState: 'REQUIRE_MFA' });
    expect(silentLogin).not.toHaveBeenCalled();
    const code =
      source === 'totp' ? '424242' : (platform.state.lastEmail({ kind: 'mfa' })?.code ?? '');

    const result = await auth.verifyFactor(factorType, {
      stateToken: challenged.data.stateToken ?? '',
      code,
    });
    expect(result.loginState).toBe('SUCCESS');
    expect(silentLogin).toHaveBeenCalledExactlyOnceWith(result.data.sessionToken, {
      timeoutMs: expect.any(Number),
    });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(serviceRequests().at(-1)?.path).toBe(`/_api/iam/authentication/v2/${mockType}/verify`);
  });

  test('a wrong code fails with the platform’s error', async () => {
    platform.state.addMember({ ...ada, mfa: { factorType: 'totp' } });
    const { auth } = createAuth();
    const challenged = await auth.login({ ...ada, completeLogin: false });
    const result = await auth.verifyFactor('TOTP', {
      stateToken: challenged.data.stateToken ?? '',
      code: '999999',
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'REQUEST_FAILED' });
    expect(result.cause?.cause).toMatchObject({ code: 'INVALID_CODE' });
  });

  test.each([
    ['an unknown factor type', 'FACE_ID', { stateToken: 'st', code: '1' }],
    ['a lower-case factor type', 'totp', { stateToken: 'st', code: '1' }],
    ['no state token', 'TOTP', { code: '1' }],
    ['no options', 'TOTP', undefined],
  ])('%s fails without a request', async (_, factorType, options) => {
    const { auth } = createAuth();
    const result = await auth.verifyFactor(factorType as FactorType, options as never);
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'INVALID_ARGUMENT' });
    expect(serviceRequests()).toHaveLength(0);
  });

  test('an HTML answer is a FAILURE result', async () => {
    platform.faults.inject({ path: '/_api/iam/authentication/v2/totp/verify', kind: 'html' });
    const { auth } = createAuth();
    const result = await auth.verifyFactor('TOTP', { stateToken: 'st', code: '1' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'SERVER_ERROR' });
  });
});
