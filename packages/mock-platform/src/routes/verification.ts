import { parseJsonBody, stringAt, type RouteContext } from '../context';
import { randomDigits } from '../random';
import { applicationError, json, validationError } from '../responses';
import { authenticationOutcome, liveFlow, startVerification } from './outcome';

/**
 * POST verification `/v1/auth/verify`: `{ code, stateToken }` → SUCCESS (or
 * REQUIRE_OWNER_APPROVAL while the owner has not approved the member).
 *
 * @example
 * ```ts
 * // { code: outbox code, stateToken } → { state: 'SUCCESS', sessionToken, identity }
 * ```
 */
export function verifyRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const code = stringAt(body, 'code');
  const stateToken = stringAt(body, 'stateToken');
  if (code === undefined || stateToken === undefined) {
    return validationError([
      ...(code === undefined ? [{ field: 'code', description: 'is required' }] : []),
      ...(stateToken === undefined ? [{ field: 'stateToken', description: 'is required' }] : []),
    ]);
  }
  const found = liveFlow(context, stateToken, 'verification');
  if (found instanceof Response) return found;
  const { flow, member } = found;
  if (code !== flow.code) return applicationError(400, 'INVALID_CODE', 'Wrong verification code');
  context.state.flows.delete(stateToken);
  member.emailVerified = true;
  return authenticationOutcome(context, member, { checkMfa: false });
}

/**
 * POST verification `/v1/auth/resend`: `{ stateToken }` → `{}`, a new code in the outbox.
 *
 * @example
 * ```ts
 * // { stateToken } → {}
 * ```
 */
export function resendRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const stateToken = stringAt(body, 'stateToken');
  if (stateToken === undefined)
    return validationError([{ field: 'stateToken', description: 'is required' }]);
  const found = liveFlow(context, stateToken, 'verification');
  if (found instanceof Response) return found;
  const { flow, member } = found;
  flow.code = randomDigits(6);
  context.state.outbox.push({
    to: member.email,
    kind: 'verification',
    code: flow.code,
    time: context.now(),
  });
  return json({});
}

/**
 * POST verification `/v1/Start`: `{ identityId, target: 'EMAIL' }` → `{ stateToken }`,
 * a code in the outbox.
 *
 * @example
 * ```ts
 * // { identityId, target: 'EMAIL' } → { stateToken }
 * ```
 */
export function startVerificationRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const identityId = stringAt(body, 'identityId');
  const target = body['target'] ?? 'EMAIL';
  if (identityId === undefined || target !== 'EMAIL') {
    return validationError([
      ...(identityId === undefined ? [{ field: 'identityId', description: 'is required' }] : []),
      ...(target !== 'EMAIL' ? [{ field: 'target', description: 'must be EMAIL' }] : []),
    ]);
  }
  const member = context.state.members.get(identityId);
  if (member === undefined)
    return applicationError(404, 'IDENTITY_NOT_FOUND', 'No member with this id');
  return json({ stateToken: startVerification(context, member) });
}
