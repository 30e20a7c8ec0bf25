import type { FactorType, MfaChallengeData } from '@site-identity/member-auth';

/** The second factor a REQUIRE_MFA answer offers first; EMAIL when it names none. */
export function firstFactor(mfa: MfaChallengeData | undefined): FactorType {
  return mfa?.factors?.[0]?.factorType ?? 'EMAIL';
}
