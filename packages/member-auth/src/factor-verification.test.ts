import { describe, expect, test } from 'vitest';
import { FACTOR_TYPES, type FactorType } from './enumerations';
import { factorBody, factorRoute, isFactorType } from './factor-verification';

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

describe('factorBody', () => {
  test('spreads the factor data under its key', () => {
    expect(factorBody('TOTP', { stateToken: 'st', code: '123456', completeLogin: false })).toEqual({
      stateToken: 'st',
      rememberThisDevice: false,
      totpData: { code: '123456' },
    });
  });

  test('takes data passed under its own key as it is', () => {
    expect(
      factorBody('SMS', { stateToken: 'st', rememberThisDevice: true, smsData: { code: '1' } }),
    ).toEqual({
      stateToken: 'st',
      rememberThisDevice: true,
      smsData: { code: '1' },
    });
  });
});
