import { describe, expect, test } from 'vitest';
import { createSoftwareAuthenticator, type MockFactorType } from '@site-identity/mock-platform';
import type { VerifiableFactorType } from './factor-verification';
import { usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, createAuth, serviceRequests } = usePlatform();

describe('verifyFactor', () => {
  test.each<['SMS' | 'CALL' | 'EMAIL' | 'TOTP', MockFactorType, 'outbox' | 'totp']>([
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
    const result = await auth.verifyFactor(factorType as VerifiableFactorType, options as never);
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

describe('verifyFactor: the other factors against the platform', () => {
  const challengeOf = async (auth: ReturnType<typeof createAuth>['auth']) => {
    const result = await auth.login({ ...ada, completeLogin: false });
    if (result.loginState !== 'FAILURE' || !result.mfa) throw new Error('no MFA challenge');
    return { stateToken: result.data.stateToken ?? '', mfa: result.mfa };
  };

  test('SMS by WhatsApp', async () => {
    platform.state.addMember({ ...ada, mfa: { factorType: 'sms' } });
    const { auth } = createAuth();
    const { stateToken } = await challengeOf(auth);
    const code = platform.state.lastEmail({ kind: 'mfa' })?.code ?? '';
    const result = await auth.verifyFactor('SMS', {
      stateToken,
      code,
      deliveryMethod: 'WHATSAPP',
      completeLogin: false,
    });
    expect(result.loginState).toBe('SUCCESS');
  });

  test('a recovery code works once; the second use is refused', async () => {
    platform.state.addMember({
      ...ada,
      mfa: { factorType: 'totp', factors: ['recovery_code'], recoveryCodes: ['1234-5678'] },
    });
    const { auth } = createAuth();
    const first = await challengeOf(auth);
    expect(first.mfa.availableFactors.map((factor) => factor.factorType)).toEqual([
      'TOTP',
      'RECOVERY_CODE',
    ]);
    const used = await auth.verifyFactor('RECOVERY_CODE', {
      stateToken: first.stateToken,
      code: '1234-5678',
      completeLogin: false,
    });
    expect(used.loginState).toBe('SUCCESS');
    const second = await challengeOf(auth);
    const again = await auth.verifyFactor('RECOVERY_CODE', {
      stateToken: second.stateToken,
      code: '1234-5678',
      completeLogin: false,
    });
    expect(again).toMatchObject({ loginState: 'FAILURE', errorCode: 'REQUEST_FAILED' });
    expect(again.cause?.cause).toMatchObject({ code: 'INVALID_CODE' });
    expect(serviceRequests().at(-1)?.path).toBe('/_api/iam/authentication/v2/recovery_code/verify');
  });

  test('PUSH: pending is REQUIRE_MFA again; approved on the device is SUCCESS', async () => {
    platform.state.addMember({ ...ada, mfa: { factorType: 'push' } });
    const { auth } = createAuth();
    const { stateToken, mfa } = await challengeOf(auth);
    const transactionId = mfa.verificationChallengeData.pushData?.transactionId ?? '';
    const pending = await auth.verifyFactor('PUSH', { stateToken, transactionId });
    expect(pending).toMatchObject({ loginState: 'FAILURE', serverState: 'REQUIRE_MFA' });
    const transaction = platform.state.push.get(transactionId);
    if (transaction) transaction.status = 'APPROVED';
    const approved = await auth.verifyFactor('PUSH', {
      stateToken,
      transactionId,
      completeLogin: false,
    });
    expect(approved.loginState).toBe('SUCCESS');
  });

  test('WEBAUTHN with a credential the app got itself', async () => {
    platform.state.addMember(ada);
    const authenticator = createSoftwareAuthenticator('https://shop.example');
    const options = await (
      await platform.fetch('https://www.wixapis.com/_mock/webauthn/registration-options', {
        method: 'POST',
        body: JSON.stringify({ email: ada.email, origin: 'https://shop.example' }),
      })
    ).json();
    const created = await authenticator.credentials.create({ publicKey: options });
    await platform.fetch('https://www.wixapis.com/_mock/webauthn/register', {
      method: 'POST',
      body: JSON.stringify({ credential: created.toJSON() }),
    });
    const { auth } = createAuth();
    const { stateToken, mfa } = await challengeOf(auth);
    const webauthn = mfa.verificationChallengeData.webauthnData;
    if (!webauthn) throw new Error('no passkey challenge');
    const credential = await authenticator.credentials.get({
      publicKey: JSON.parse(webauthn.publicKeyCredentialRequestOptionsJson),
    });
    const result = await auth.verifyFactor('WEBAUTHN', {
      stateToken,
      challengeId: webauthn.challengeId,
      credential: credential ?? '',
      completeLogin: false,
    });
    expect(result.loginState).toBe('SUCCESS');
  });
});
