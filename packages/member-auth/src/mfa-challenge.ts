import { isRecord } from '@site-identity/http/internal';
import type { FactorStatus, FactorType, MfaReason } from './enumerations';

/**
 * A factor the member may verify with instead of the one asked first.
 *
 * @example
 * ```ts
 * import type { AvailableFactor } from '@site-identity/member-auth';
 *
 * const usable = (factor: AvailableFactor) => factor.factorStatus !== 'REQUIRE_ACTIVATION';
 * ```
 */
export interface AvailableFactor {
  factorType: FactorType;
  factorStatus?: FactorStatus | undefined;
}

/**
 * The passkey challenge of a `REQUIRE_MFA` answer: what `verifyWithPasskey`
 * (`@site-identity/member-auth/webauthn`) runs the WebAuthn ceremony with.
 *
 * @example
 * ```ts
 * import type { WebauthnChallenge } from '@site-identity/member-auth';
 *
 * const options = (challenge: WebauthnChallenge) => JSON.parse(challenge.publicKeyCredentialRequestOptionsJson);
 * ```
 */
export interface WebauthnChallenge {
  challengeId: string;
  /** `PublicKeyCredentialRequestOptionsJSON` as a JSON string. */
  publicKeyCredentialRequestOptionsJson: string;
}

/**
 * What the platform sends to verify the factors that need more than a code.
 *
 * @example
 * ```ts
 * import type { VerificationChallengeData } from '@site-identity/member-auth';
 *
 * const transactionOf = (data: VerificationChallengeData) => data.pushData?.transactionId;
 * ```
 */
export interface VerificationChallengeData {
  /** Where the code went, for the member to recognise (`a•••@example.com`). */
  hint?: string | undefined;
  /** The push sign-in request sent to the member's device. */
  pushData?: { transactionId: string } | undefined;
  /** The passkey challenge. */
  webauthnData?: WebauthnChallenge | undefined;
}

/**
 * The second-factor challenge of a `REQUIRE_MFA` answer (`result.mfa`), in the
 * platform's shape: the factor asked first, why, the factors the member may use
 * instead, and the push and passkey challenges. `availableFactors` and
 * `verificationChallengeData` are always present (empty when the platform sent none).
 *
 * @example
 * ```ts
 * import type { MfaChallengeData } from '@site-identity/member-auth';
 *
 * const offers = (mfa: MfaChallengeData) => mfa.availableFactors.map((factor) => factor.factorType);
 * ```
 */
export interface MfaChallengeData {
  /** The factor the platform asks for first. */
  factorType?: FactorType | undefined;
  reason?: MfaReason | undefined;
  /** The factors the member can verify with `verifyFactor`. */
  availableFactors: AvailableFactor[];
  verificationChallengeData: VerificationChallengeData;
}

/**
 * The typed challenge of a `REQUIRE_MFA` answer's `mfaChallengeData`, or undefined
 * when it is not an object. Entries that are not objects are left out.
 *
 * @example
 * ```ts
 * toMfaChallenge({ factorType: 'TOTP' }); // { factorType: 'TOTP', availableFactors: [], verificationChallengeData: {} }
 * ```
 */
export function toMfaChallenge(value: unknown): MfaChallengeData | undefined {
  if (!isRecord(value)) return undefined;
  const { availableFactors, verificationChallengeData } = value;
  return {
    ...(value as Partial<MfaChallengeData>),
    availableFactors: Array.isArray(availableFactors)
      ? (availableFactors.filter(isRecord) as unknown as AvailableFactor[])
      : [],
    verificationChallengeData: isRecord(verificationChallengeData) ? verificationChallengeData : {},
  };
}
