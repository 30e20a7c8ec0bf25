import { invalid, isRecord, requiredString } from '@site-identity/http/internal';
import type { CallSignal } from './call-signal';
import { FACTOR_TYPES, type FactorType } from './enumerations';
import { isFilled } from './input-checks';
import type { LoginCompletionOptions } from './login-completion';
import { invalidArgument } from './member-auth-error';

/**
 * The factor types `verifyFactor` takes: every {@link FactorType} but `PASSWORD`.
 *
 * @example
 * ```ts
 * import type { VerifiableFactorType } from '@site-identity/member-auth';
 *
 * const second: VerifiableFactorType = 'RECOVERY_CODE';
 * ```
 */
export type VerifiableFactorType = Exclude<FactorType, 'PASSWORD'>;

/**
 * How an SMS code reached the member: by text message or by WhatsApp.
 *
 * @example
 * ```ts
 * import type { SmsDeliveryMethod } from '@site-identity/member-auth';
 *
 * const deliveryMethod: SmsDeliveryMethod = 'WHATSAPP';
 * ```
 */
export type SmsDeliveryMethod = 'SMS' | 'WHATSAPP';

/**
 * What each factor sends, by factor type: a `code` for SMS, CALL, EMAIL, TOTP and
 * RECOVERY_CODE (SMS also `deliveryMethod`), the `transactionId` for PUSH, the
 * challenge and the passkey's `credential` for WEBAUTHN (the JSON string of
 * `PublicKeyCredential.toJSON()`, or the credential itself). `verifyWithPasskey`
 * and `waitForPushApproval` fill in the last two for you.
 *
 * @example
 * ```ts
 * import type { FactorData } from '@site-identity/member-auth';
 *
 * const sms: FactorData['SMS'] = { code: '123456', deliveryMethod: 'WHATSAPP' };
 * const push: FactorData['PUSH'] = { transactionId: 'tx-1' };
 * ```
 */
export interface FactorData {
  SMS: { code: string; deliveryMethod?: SmsDeliveryMethod | undefined };
  CALL: { code: string };
  EMAIL: { code: string };
  TOTP: { code: string };
  RECOVERY_CODE: { code: string };
  PUSH: { transactionId: string };
  WEBAUTHN: { challengeId: string; credential: string | { toJSON(): unknown } };
}

/**
 * What `verifyFactor(factorType, options)` takes for a factor type: the state token
 * of the `REQUIRE_MFA` answer, `rememberThisDevice`, the login completion and
 * `signal` options, and that factor's {@link FactorData}. A discriminated union:
 * TypeScript refuses a `code` for PUSH and a `deliveryMethod` for anything but SMS.
 *
 * @example
 * ```ts
 * import type { VerifyFactorOptions } from '@site-identity/member-auth';
 * declare const stateToken: string;
 *
 * const totp: VerifyFactorOptions<'TOTP'> = { stateToken, rememberThisDevice: true, code: '123456' };
 * const push: VerifyFactorOptions<'PUSH'> = { stateToken, transactionId: 'tx-1' };
 * ```
 */
export type VerifyFactorOptions<T extends VerifiableFactorType = VerifiableFactorType> =
  T extends VerifiableFactorType ? VerifyFactorCommon & FactorData[T] : never;

/**
 * The options every factor's verification takes.
 *
 * @example
 * ```ts
 * import type { VerifyFactorCommon } from '@site-identity/member-auth';
 * declare const stateToken: string;
 *
 * const common: VerifyFactorCommon = { stateToken, rememberThisDevice: true };
 * ```
 */
export interface VerifyFactorCommon extends LoginCompletionOptions, CallSignal {
  /** The state token of the `REQUIRE_MFA` answer (`result.data.stateToken`). */
  stateToken: string;
  /** Skip the second factor on this device next time. Default false. */
  rememberThisDevice?: boolean | undefined;
}

/**
 * The path segment (`sms`, `recovery_code`) and the body key of a factor's data
 * (`smsData`, `recoveryCodeData`): the factor type in lower case, and in lower
 * camel case followed by `Data`.
 */
export function factorRoute(factorType: FactorType): { segment: string; dataKey: string } {
  const segment = factorType.toLowerCase();
  return {
    segment,
    dataKey: `${segment.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Data`,
  };
}

/** Whether `value` is one of the factor types. */
export const isFactorType = (value: unknown): value is FactorType =>
  (FACTOR_TYPES as readonly unknown[]).includes(value);

/** The passkey credential as the platform takes it: the JSON string of its `toJSON()`. */
function credentialJson(credential: unknown): string {
  if (isFilled(credential)) return credential;
  // JSON.stringify calls a credential's toJSON() itself (a PublicKeyCredential's).
  if (
    isRecord(credential) ||
    typeof (credential as { toJSON?: unknown } | null)?.toJSON === 'function'
  )
    return JSON.stringify(credential);
  throw invalid(
    {
      name: 'credential',
      expected: 'a WebAuthn credential (a PublicKeyCredential or the JSON of its toJSON())',
      value: credential,
    },
    invalidArgument,
  );
}

/** A factor's data, checked: only its own fields, each as the platform takes it. */
function factorData(factorType: VerifiableFactorType, options: Record<string, unknown>) {
  if (factorType === 'PUSH')
    return {
      transactionId: requiredString(options['transactionId'], 'transactionId', invalidArgument),
    };
  if (factorType === 'WEBAUTHN') {
    return {
      challengeId: requiredString(options['challengeId'], 'challengeId', invalidArgument),
      credential: credentialJson(options['credential']),
    };
  }
  const code = requiredString(options['code'], 'code', invalidArgument);
  const { deliveryMethod } = options;
  if (deliveryMethod === undefined) return { code };
  if (factorType === 'SMS' && (deliveryMethod === 'SMS' || deliveryMethod === 'WHATSAPP'))
    return { code, deliveryMethod };
  throw invalid(
    {
      name: 'deliveryMethod',
      expected:
        factorType === 'SMS'
          ? "'SMS' or 'WHATSAPP'"
          : `left out for ${factorType} (it is for SMS only)`,
      value: deliveryMethod,
    },
    invalidArgument,
  );
}

/**
 * The path and body of `POST /v2/{factorType}/verify` for `options`, checked before
 * any request: a verifiable factor type, the state token, and the factor's own
 * fields (see {@link FactorData}). Throws `INVALID_ARGUMENT` naming the parameter.
 */
export function factorRequest(
  factorType: unknown,
  options: unknown,
): { path: string; body: Record<string, unknown> } {
  if (!isFactorType(factorType) || factorType === 'PASSWORD') {
    throw invalid(
      {
        name: 'factorType',
        expected: `one of ${FACTOR_TYPES.slice(1).join(', ')}`,
        value: factorType,
      },
      invalidArgument,
    );
  }
  const given = isRecord(options) ? options : {};
  const stateToken = requiredString(given['stateToken'], 'stateToken', invalidArgument);
  const { segment, dataKey } = factorRoute(factorType);
  return {
    path: `/v2/${segment}/verify`,
    body: {
      stateToken,
      rememberThisDevice: given['rememberThisDevice'] === true,
      [dataKey]: factorData(factorType, given),
    },
  };
}
