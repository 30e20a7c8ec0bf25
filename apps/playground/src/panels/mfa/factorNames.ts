import type { FactorType } from '@site-identity/member-auth';

/** How the playground names each second factor for a person. */
export const FACTOR_NAMES: Record<FactorType, string> = {
  PASSWORD: 'Password',
  SMS: 'Text message',
  CALL: 'Phone call',
  EMAIL: 'E-mail',
  TOTP: 'Authenticator app',
  PUSH: 'Push to phone',
  WEBAUTHN: 'Passkey',
  RECOVERY_CODE: 'Recovery code',
};

/** The factors verified with a typed code. */
export type CodeFactorType = 'SMS' | 'CALL' | 'EMAIL' | 'TOTP' | 'RECOVERY_CODE';

export const isCodeFactor = (factorType: FactorType): factorType is CodeFactorType =>
  factorType === 'SMS' ||
  factorType === 'CALL' ||
  factorType === 'EMAIL' ||
  factorType === 'TOTP' ||
  factorType === 'RECOVERY_CODE';
