import type { FactorType, MfaChallengeData } from '@site-identity/member-auth';

/** The second factor a REQUIRE_MFA answer asks for first; EMAIL when it names none. */
export function firstFactor(mfa: MfaChallengeData | undefined): FactorType {
  return mfa?.factorType ?? mfa?.availableFactors[0]?.factorType ?? 'EMAIL';
}
