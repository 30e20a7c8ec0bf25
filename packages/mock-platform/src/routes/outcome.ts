import type { RouteContext } from '../context';
import { toIdentity, type MockMember } from '../members';
import { randomDigits, randomToken } from '../random';
import { applicationError, json } from '../responses';
import type { PendingFlow } from '../state';
import { FLOW_TTL_MS, requireMfa } from './mfa-challenge';

/**
 * The live pending flow of `kind` that `stateToken` names, with its member; else the
 * platform's `INVALID_STATE_TOKEN` answer (unknown, expired, of the other kind, or
 * its member gone).
 *
 * @example
 * ```ts
 * const found = liveFlow(context, stateToken, 'verification');
 * if (found instanceof Response) return found;
 * ```
 */
export function liveFlow(
  context: RouteContext,
  stateToken: string,
  kind: PendingFlow['kind'],
): { flow: PendingFlow; member: MockMember } | Response {
  const flow = context.state.flows.get(stateToken);
  const member = flow === undefined ? undefined : context.state.members.get(flow.memberId);
  if (flow?.kind !== kind || flow.expiresAt <= context.now() || member === undefined)
    return applicationError(400, 'INVALID_STATE_TOKEN', 'Unknown or expired state token');
  return { flow, member };
}

/**
 * Starts an e-mail verification for a member: a state token, and a 6-digit code in the outbox.
 *
 * @example
 * ```ts
 * const stateToken = startVerification(context, member);
 * ```
 */
export function startVerification(context: RouteContext, member: MockMember): string {
  const stateToken = randomToken('mock-state.');
  const code = randomDigits(6);
  context.state.flows.set(stateToken, {
    kind: 'verification',
    memberId: member.id,
    code,
    expiresAt: context.now() + FLOW_TTL_MS,
  });
  context.state.outbox.push({ to: member.email, kind: 'verification', code, time: context.now() });
  return stateToken;
}

/**
 * The answer of register, login, verify and MFA verify for a member who passed its
 * credentials: REQUIRE_EMAIL_VERIFICATION, REQUIRE_OWNER_APPROVAL, REQUIRE_MFA (when
 * `checkMfa`) or SUCCESS with a session token, in that order.
 *
 * @example
 * ```ts
 * return authenticationOutcome(context, member, { checkMfa: true });
 * ```
 */
export function authenticationOutcome(
  context: RouteContext,
  member: MockMember,
  { checkMfa }: { checkMfa: boolean },
): Response {
  const identity = toIdentity(member);
  if (!member.emailVerified && context.state.settings.requireEmailVerification) {
    return json({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: startVerification(context, member),
      identity,
    });
  }
  if (!member.ownerApproved) return json({ state: 'REQUIRE_OWNER_APPROVAL', identity });
  if (checkMfa && member.mfa !== undefined)
    return requireMfa(context, { member, mfa: member.mfa, identity });
  return json({ state: 'SUCCESS', sessionToken: context.state.createSession(member.id), identity });
}
