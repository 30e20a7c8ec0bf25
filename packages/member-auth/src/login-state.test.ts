import { memberText } from './member-texts';
import { describe, expect, test } from 'vitest';
import { isMemberAuthError } from './member-auth-error';
import { toLoginResult } from './login-state';

describe('toLoginResult', () => {
  test.each([
    [
      'SUCCESS',
      { state: 'SUCCESS', sessionToken: 'sess' },
      'SUCCESS',
      { sessionToken: 'sess' },
      undefined,
    ],
    [
      'REQUIRE_OWNER_APPROVAL',
      { state: 'REQUIRE_OWNER_APPROVAL' },
      'OWNER_APPROVAL_REQUIRED',
      {},
      undefined,
    ],
    [
      'REQUIRE_EMAIL_VERIFICATION',
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' },
      'EMAIL_VERIFICATION_REQUIRED',
      { stateToken: 'st' },
      undefined,
    ],
    ['STATUS_CHECK', { state: 'STATUS_CHECK' }, 'FAILURE', {}, 'UNKNOWN_STATE'],
    [
      'REQUIRE_MFA',
      { state: 'REQUIRE_MFA', stateToken: 'mfa-st' },
      'FAILURE',
      { stateToken: 'mfa-st' },
      'UNKNOWN_STATE',
    ],
    ['an unknown state', { state: 'SOMETHING_NEW' }, 'FAILURE', {}, 'UNKNOWN_STATE'],
    ['no state', {}, 'FAILURE', {}, 'UNKNOWN_STATE'],
    ['SUCCESS without a session token', { state: 'SUCCESS' }, 'FAILURE', {}, 'SERVER_ERROR'],
    [
      'SUCCESS with an empty session token',
      { state: 'SUCCESS', sessionToken: '' },
      'FAILURE',
      {},
      'SERVER_ERROR',
    ],
    [
      'email verification without a state token',
      { state: 'REQUIRE_EMAIL_VERIFICATION' },
      'FAILURE',
      {},
      'SERVER_ERROR',
    ],
    ['a string body', '<html></html>', 'FAILURE', {}, 'SERVER_ERROR'],
    ['null', null, 'FAILURE', {}, 'SERVER_ERROR'],
    ['an array', [{ state: 'SUCCESS' }], 'FAILURE', {}, 'SERVER_ERROR'],
  ])('%s', (_, body, loginState, data, errorCode) => {
    const result = toLoginResult(body);
    expect(result.loginState).toBe(loginState);
    expect(result.data).toEqual(data);
    expect(result.errorCode).toBe(errorCode);
    if (result.loginState === 'FAILURE') {
      expect(isMemberAuthError(result.cause)).toBe(true);
      expect(result.cause.code).toBe(errorCode);
      // The member's words by the code; the developer's on the cause.
      expect(result.error).toBe(memberText(result.cause.code));
      expect(result.cause.message).toMatch(/^The platform answered|^Unknown state$/);
    }
  });

  test("any state it does not complete fails with 'Unknown state' and keeps the state", () => {
    const result = toLoginResult({ state: 'STATUS_CHECK' }, 'req-1');
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      error: 'Unknown state',
      serverState: 'STATUS_CHECK',
    });
    expect(result.loginState === 'FAILURE' && result.cause.requestId).toBe('req-1');
  });

  test('REQUIRE_MFA keeps the state token and the typed challenge for verifyFactor', () => {
    const mfaChallengeData = {
      factorType: 'WEBAUTHN',
      reason: 'HIGH_RISK_LOGIN',
      availableFactors: [
        { factorType: 'WEBAUTHN', factorStatus: 'ENABLED' },
        { factorType: 'PUSH', factorStatus: 'ENABLED' },
      ],
      verificationChallengeData: {
        pushData: { transactionId: 'tx-1' },
        webauthnData: { challengeId: 'ch-1', publicKeyCredentialRequestOptionsJson: '{}' },
      },
    };
    const result = toLoginResult({ state: 'REQUIRE_MFA', stateToken: 'st', mfaChallengeData });
    expect(result).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown state',
      errorCode: 'UNKNOWN_STATE',
      cause: expect.any(Error),
      serverState: 'REQUIRE_MFA',
      data: { stateToken: 'st' },
      mfa: mfaChallengeData,
    });
  });

  test.each([
    [
      'no lists',
      { factorType: 'TOTP' },
      { factorType: 'TOTP', availableFactors: [], verificationChallengeData: {} },
    ],
    [
      'entries that are not objects',
      { availableFactors: [null, 'SMS', { factorType: 'SMS' }], verificationChallengeData: 'x' },
      { availableFactors: [{ factorType: 'SMS' }], verificationChallengeData: {} },
    ],
  ])('REQUIRE_MFA with %s: a challenge with both lists', (_, mfaChallengeData, mfa) => {
    const result = toLoginResult({ state: 'REQUIRE_MFA', stateToken: 'st', mfaChallengeData });
    expect(result.loginState === 'FAILURE' && result.mfa).toEqual(mfa);
  });

  test('keeps the identity and additional data', () => {
    const identity = { id: 'm-1', identityProfile: { firstName: 'Ada' } };
    const result = toLoginResult({
      state: 'SUCCESS',
      sessionToken: 's',
      identity,
      additionalData: { a: 1 },
    });
    expect(result).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 's' },
      identity,
      additionalData: { a: 1 },
    });
  });

  test('never puts a token in the message', () => {
    const result = toLoginResult({ state: 'SUCCESS', stateToken: 'secret-state-token' });
    expect(result.error).not.toContain('secret-state-token');
  });
});
