import { describe, expect, test } from 'vitest';
import { FACTOR_TYPES, type FactorType } from './enumerations';
import { factorRequest, factorRoute, isFactorType } from './factor-verification';

describe('factorRoute', () => {
  test.each<[FactorType, string, string]>([
    ['PASSWORD', 'password', 'passwordData'],
    ['SMS', 'sms', 'smsData'],
    ['CALL', 'call', 'callData'],
    ['EMAIL', 'email', 'emailData'],
    ['TOTP', 'totp', 'totpData'],
    ['PUSH', 'push', 'pushData'],
    ['WEBAUTHN', 'webauthn', 'webauthnData'],
    ['RECOVERY_CODE', 'recovery_code', 'recoveryCodeData'],
  ])('%s → /v2/%s/verify with %s', (factorType, segment, dataKey) => {
    expect(factorRoute(factorType)).toEqual({ segment, dataKey });
  });

  test('covers every factor type', () => {
    expect(FACTOR_TYPES).toHaveLength(8);
    for (const type of FACTOR_TYPES) expect(isFactorType(type)).toBe(true);
    expect(isFactorType('sms')).toBe(false);
  });
});

const credential = {
  id: 'cred-1',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

describe('factorRequest: every factor’s request body', () => {
  test.each<[string, string, Record<string, unknown>, string, Record<string, unknown>]>([
    ['SMS', 'sms', { code: '1' }, 'smsData', { code: '1' }],
    [
      'SMS',
      'sms',
      { code: '1', deliveryMethod: 'WHATSAPP' },
      'smsData',
      { code: '1', deliveryMethod: 'WHATSAPP' },
    ],
    ['CALL', 'call', { code: '2' }, 'callData', { code: '2' }],
    ['EMAIL', 'email', { code: '3' }, 'emailData', { code: '3' }],
    ['TOTP', 'totp', { code: '4' }, 'totpData', { code: '4' }],
    ['RECOVERY_CODE', 'recovery_code', { code: '5' }, 'recoveryCodeData', { code: '5' }],
    ['PUSH', 'push', { transactionId: 'tx' }, 'pushData', { transactionId: 'tx' }],
    [
      'WEBAUTHN',
      'webauthn',
      { challengeId: 'ch', credential: JSON.stringify(credential) },
      'webauthnData',
      { challengeId: 'ch', credential: JSON.stringify(credential) },
    ],
    [
      'WEBAUTHN',
      'webauthn',
      { challengeId: 'ch', credential: { toJSON: () => credential } },
      'webauthnData',
      { challengeId: 'ch', credential: JSON.stringify(credential) },
    ],
  ])('%s %j', (factorType, segment, data, dataKey, sent) => {
    expect(
      factorRequest(factorType, {
        stateToken: 'st',
        rememberThisDevice: true,
        signal: undefined,
        completeLogin: false,
        ...data,
      }),
    ).toEqual({
      path: `/v2/${segment}/verify`,
      body: { stateToken: 'st', rememberThisDevice: true, [dataKey]: sent },
    });
  });

  test('rememberThisDevice is false unless true, and fields of other factors are not sent', () => {
    expect(factorRequest('PUSH', { stateToken: 'st', transactionId: 'tx', code: '1' })).toEqual({
      path: '/v2/push/verify',
      body: { stateToken: 'st', rememberThisDevice: false, pushData: { transactionId: 'tx' } },
    });
  });

  test.each<[string, unknown, unknown, string]>([
    [
      'PASSWORD',
      'PASSWORD',
      { stateToken: 'st' },
      'factorType must be one of SMS, CALL, EMAIL, TOTP, PUSH, WEBAUTHN, RECOVERY_CODE; got "PASSWORD"',
    ],
    [
      'lower case',
      'totp',
      { stateToken: 'st', code: '1' },
      'factorType must be one of SMS, CALL, EMAIL, TOTP, PUSH, WEBAUTHN, RECOVERY_CODE; got "totp"',
    ],
    [
      'no state token',
      'TOTP',
      { code: '1' },
      'stateToken must be a non-empty string; got undefined',
    ],
    ['no code', 'CALL', { stateToken: 'st' }, 'code must be a non-empty string; got undefined'],
    [
      'a number code',
      'TOTP',
      { stateToken: 'st', code: 123456 },
      'code must be a non-empty string; got 123456',
    ],
    [
      'a bad delivery method',
      'SMS',
      { stateToken: 'st', code: '1', deliveryMethod: 'FAX' },
      `deliveryMethod must be 'SMS' or 'WHATSAPP'; got "FAX"`,
    ],
    [
      'a delivery method for e-mail',
      'EMAIL',
      { stateToken: 'st', code: '1', deliveryMethod: 'SMS' },
      'deliveryMethod must be left out for EMAIL (it is for SMS only); got "SMS"',
    ],
    [
      'no transaction id',
      'PUSH',
      { stateToken: 'st' },
      'transactionId must be a non-empty string; got undefined',
    ],
    [
      'no challenge id',
      'WEBAUTHN',
      { stateToken: 'st', credential: '{}' },
      'challengeId must be a non-empty string; got undefined',
    ],
    [
      'no credential',
      'WEBAUTHN',
      { stateToken: 'st', challengeId: 'ch' },
      'credential must be a WebAuthn credential (a PublicKeyCredential or the JSON of its toJSON()); got undefined',
    ],
  ])('%s is refused before any request', (_, factorType, options, message) => {
    expect(() => factorRequest(factorType, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message }),
    );
  });
});
