// Type tests of verifyFactor's discriminated union: the compiler (tsc --noEmit over
// src, run by typecheck) refuses each line marked @ts-expect-error; vitest checks the
// inferred types with expectTypeOf.
import { describe, expectTypeOf, test } from 'vitest';
import type { FactorData, VerifiableFactorType, VerifyFactorOptions } from './factor-verification';
import type { MemberAuth } from './member-auth';
import type { LoginResult } from './login-result';

declare const auth: MemberAuth;
const stateToken = 'st';

/** Never called: what matters is that it compiles, with the marked lines refused. */
function calls() {
  void auth.verifyFactor('TOTP', { stateToken, code: '123456' });
  void auth.verifyFactor('SMS', { stateToken, code: '1', deliveryMethod: 'WHATSAPP' });
  void auth.verifyFactor('RECOVERY_CODE', {
    stateToken,
    code: 'abcd-efgh',
    rememberThisDevice: true,
  });
  void auth.verifyFactor('PUSH', { stateToken, transactionId: 'tx' });
  void auth.verifyFactor('WEBAUTHN', { stateToken, challengeId: 'ch', credential: '{}' });
  // @ts-expect-error PUSH takes a transactionId, not a code
  void auth.verifyFactor('PUSH', { stateToken, code: '1' });
  // @ts-expect-error PUSH refuses a code even beside its transaction id
  void auth.verifyFactor('PUSH', { stateToken, transactionId: 'tx', code: '1' });
  // @ts-expect-error deliveryMethod is for SMS only
  void auth.verifyFactor('TOTP', { stateToken, code: '1', deliveryMethod: 'SMS' });
  // @ts-expect-error deliveryMethod is SMS or WHATSAPP
  void auth.verifyFactor('SMS', { stateToken, code: '1', deliveryMethod: 'FAX' });
  // @ts-expect-error WEBAUTHN needs the credential
  void auth.verifyFactor('WEBAUTHN', { stateToken, challengeId: 'ch' });
  // @ts-expect-error PASSWORD is not a second factor
  void auth.verifyFactor('PASSWORD', { stateToken, code: '1' });
  // @ts-expect-error the state token is required
  void auth.verifyFactor('EMAIL', { code: '1' });
  // @ts-expect-error factor types are upper case
  void auth.verifyFactor('totp', { stateToken, code: '1' });
}

describe('verifyFactor types', () => {
  test('each factor type takes its own data', () => {
    expectTypeOf(calls).returns.toBeVoid();
    expectTypeOf<VerifyFactorOptions<'PUSH'>>().toHaveProperty('transactionId');
    expectTypeOf<VerifyFactorOptions<'PUSH'>>().not.toHaveProperty('code');
    expectTypeOf<VerifyFactorOptions<'SMS'>['deliveryMethod']>().toEqualTypeOf<
      'SMS' | 'WHATSAPP' | undefined
    >();
    expectTypeOf<VerifyFactorOptions<'TOTP'>>().not.toHaveProperty('deliveryMethod');
    expectTypeOf<FactorData['WEBAUTHN']['credential']>().toEqualTypeOf<
      string | { toJSON(): unknown }
    >();
    expectTypeOf<VerifiableFactorType>().toEqualTypeOf<
      'SMS' | 'CALL' | 'EMAIL' | 'TOTP' | 'PUSH' | 'WEBAUTHN' | 'RECOVERY_CODE'
    >();
    expectTypeOf<ReturnType<MemberAuth['verifyFactor']>>().toEqualTypeOf<Promise<LoginResult>>();
  });

  test('a factor type held in a variable narrows the options to that factor', () => {
    const pick = <T extends VerifiableFactorType>(factorType: T, options: VerifyFactorOptions<T>) =>
      auth.verifyFactor(factorType, options);
    expectTypeOf(pick<'CALL'>)
      .parameter(1)
      .toHaveProperty('code');
  });
});
