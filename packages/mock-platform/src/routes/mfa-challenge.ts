import type { RouteContext } from '../context';
import type { MockFactorType, MockMember, MockMfa } from '../members';
import { startPush } from '../push';
import { randomDigits, randomToken } from '../random';
import { json } from '../responses';
import type { PendingFlow } from '../state';
import { randomBase64url } from '../webauthn';

/** How long a verification or MFA step stays open: 30 minutes. */
export const FLOW_TTL_MS = 30 * 60 * 1000;
/** The factors whose code the platform sends (the outbox stands for SMS, call and e-mail). */
const SENT: readonly MockFactorType[] = ['sms', 'call', 'email'];

/** Where the code of the factor asked first went, for the member to recognise: `a•••@example.com`. */
function hintOf(member: MockMember, factorType: MockFactorType): string | undefined {
  if (factorType === 'email') return member.email.replace(/^(.)[^@]*/, '$1•••');
  if (factorType === 'sms' || factorType === 'call') return '+1 ••• ••• ••42';
  return undefined;
}

/**
 * The member who must pass a second factor, as {@link requireMfa} takes it.
 *
 * @example
 * ```ts
 * const requirement: MfaRequirement = { member, mfa: member.mfa, identity: toIdentity(member) };
 * ```
 */
export interface MfaRequirement {
  /** The member signing in. */
  readonly member: MockMember;
  /** The member's second factors (`member.mfa`, known to be set). */
  readonly mfa: MockMfa;
  /** The member's identity in the platform's shape, sent back with the state token. */
  readonly identity: Record<string, unknown>;
}

/**
 * The `REQUIRE_MFA` answer in the platform's shape: a state token, and
 * `mfaChallengeData: { factorType, reason, availableFactors: [{ factorType, factorStatus }],
 * verificationChallengeData: { hint?, pushData?: { transactionId }, webauthnData?: {
 * challengeId, publicKeyCredentialRequestOptionsJson } } }`. A code factor's code goes
 * to the outbox (TOTP's is the member's `totpCode`), push sends a request to the
 * device (a pending transaction), and a member with passkeys gets a WebAuthn challenge.
 *
 * @example
 * ```ts
 * if (member.mfa) return requireMfa(context, { member, mfa: member.mfa, identity });
 * ```
 */
export function requireMfa(
  context: RouteContext,
  { member, mfa, identity }: MfaRequirement,
): Response {
  const now = context.now();
  const stateToken = randomToken('mock-state.');
  const flow: PendingFlow = {
    kind: 'mfa',
    memberId: member.id,
    code: randomDigits(6),
    expiresAt: now + FLOW_TTL_MS,
  };
  if (mfa.factors.some((factor) => SENT.includes(factor)))
    context.state.outbox.push({ to: member.email, kind: 'mfa', code: flow.code, time: now });
  const challenge: Record<string, unknown> = {};
  const hint = hintOf(member, mfa.factorType);
  if (hint !== undefined) challenge['hint'] = hint;
  if (mfa.factors.includes('push')) {
    flow.transactionId = startPush(context.state, member, now).transactionId;
    challenge['pushData'] = { transactionId: flow.transactionId };
  }
  if (mfa.factors.includes('webauthn') && member.passkeys.length > 0) {
    const webauthn = {
      challengeId: randomToken('mock-webauthn.'),
      challenge: randomBase64url(),
      used: false,
    };
    flow.webauthn = webauthn;
    const rpId = member.passkeys[0]?.rpId;
    challenge['webauthnData'] = {
      challengeId: webauthn.challengeId,
      publicKeyCredentialRequestOptionsJson: JSON.stringify({
        challenge: webauthn.challenge,
        rpId,
        timeout: 60_000,
        userVerification: 'preferred',
        allowCredentials: member.passkeys.map(({ credentialId }) => ({
          type: 'public-key',
          id: credentialId,
        })),
      }),
    };
  }
  flow.challengeData = {
    factorType: mfa.factorType.toUpperCase(),
    reason: 'USER_SETTINGS',
    availableFactors: mfa.factors.map((factor) => ({
      factorType: factor.toUpperCase(),
      factorStatus: 'ENABLED',
    })),
    verificationChallengeData: challenge,
  };
  context.state.flows.set(stateToken, flow);
  return json({ state: 'REQUIRE_MFA', stateToken, identity, mfaChallengeData: flow.challengeData });
}
