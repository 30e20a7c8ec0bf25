import { isObject, objectAt, parseJsonBody, stringAt, type RouteContext } from '../context';
import { isMockPlatformError } from '../mock-platform-error';
import { MOCK_FACTOR_TYPES, type MockFactorType, type MockMember } from '../members';
import { applicationError, json, validationError, type FieldViolation } from '../responses';
import type { PendingFlow } from '../state';
import { verifyAssertion } from '../webauthn';
import { authenticationOutcome, liveFlow } from './outcome';

/** The field each factor's data must carry. */
const REQUIRED: Record<string, readonly string[]> = {
  push: ['transactionId'],
  webauthn: ['challengeId', 'credential'],
};
const DELIVERY_METHODS = ['SMS', 'WHATSAPP'];

/** The body's validation errors for a factor: the state token and the data's required fields. */
function violationsOf(
  body: Record<string, unknown>,
  factor: string,
  dataKey: string,
): FieldViolation[] {
  const violations: FieldViolation[] = [];
  if (stringAt(body, 'stateToken') === undefined)
    violations.push({ field: 'stateToken', description: 'is required' });
  const data = objectAt(body, dataKey);
  for (const field of REQUIRED[factor] ?? ['code'])
    if (stringAt(data, field) === undefined)
      violations.push({ field: `${dataKey}.${field}`, description: 'is required' });
  const deliveryMethod = isObject(data) ? data['deliveryMethod'] : undefined;
  if (
    factor === 'sms' &&
    deliveryMethod !== undefined &&
    !DELIVERY_METHODS.includes(deliveryMethod as string)
  )
    violations.push({ field: 'smsData.deliveryMethod', description: 'must be SMS or WHATSAPP' });
  return violations;
}

/** A push answer to check: the step and the transaction the app names. */
interface PushStep {
  /** The pending MFA step. */
  readonly flow: PendingFlow;
  /** The step's state token, repeated in a `REQUIRE_MFA` answer while the push is pending. */
  readonly stateToken: string;
  /** `pushData.transactionId` of the request. */
  readonly transactionId: string;
}

/** Push: approved completes; pending repeats the challenge; denied and expired are errors. */
function checkPush(
  context: RouteContext,
  { flow, stateToken, transactionId }: PushStep,
): Response | undefined {
  const transaction = context.state.push.get(transactionId);
  if (transaction === undefined || transactionId !== flow.transactionId)
    return applicationError(400, 'INVALID_TRANSACTION', 'Unknown push transaction for this step');
  if (transaction.status === 'DENIED')
    return applicationError(400, 'PUSH_DENIED', 'The member denied the sign-in on the device');
  if (transaction.status === 'APPROVED') return undefined;
  if (transaction.expiresAt <= context.now())
    return applicationError(400, 'PUSH_EXPIRED', 'The push sign-in request expired');
  return json({ state: 'REQUIRE_MFA', stateToken, mfaChallengeData: flow.challengeData });
}

/** WebAuthn: the step's single-use challenge and a valid assertion of one of the member's passkeys. */
async function checkWebauthn(
  member: MockMember,
  flow: PendingFlow,
  data: Record<string, unknown>,
): Promise<Response | undefined> {
  const challenge = flow.webauthn;
  if (challenge === undefined || data['challengeId'] !== challenge.challengeId)
    return applicationError(400, 'INVALID_CHALLENGE', 'Unknown WebAuthn challenge for this step');
  if (challenge.used)
    return applicationError(400, 'CHALLENGE_USED', 'This WebAuthn challenge was used already');
  challenge.used = true;
  try {
    await verifyAssertion(member.passkeys, data['credential'], challenge.challenge);
    return undefined;
  } catch (error) {
    if (!isMockPlatformError(error)) throw error;
    return applicationError(400, 'WEBAUTHN_VERIFICATION_FAILED', error.message);
  }
}

/** A code to check for a member's step. */
interface CodeStep {
  /** The pending MFA step, which holds the code sent to the outbox. */
  readonly flow: PendingFlow;
  /** The factor the code is for. */
  readonly factor: MockFactorType;
  /** The code the member typed (`smsData.code`, `totpData.code`, …). */
  readonly code: string;
}

/** A code factor: the outbox code (sms, call, email), the app's code (totp) or an unused recovery code. */
function checkCode(member: MockMember, { flow, factor, code }: CodeStep): Response | undefined {
  const mfa = member.mfa;
  if (factor === 'recovery_code') {
    const entry = mfa?.recoveryCodes.find((recovery) => recovery.code === code && !recovery.used);
    if (entry === undefined)
      return applicationError(400, 'INVALID_CODE', 'Wrong or already used recovery code');
    entry.used = true;
    return undefined;
  }
  const expected = factor === 'totp' ? mfa?.totpCode : flow.code;
  return code === expected
    ? undefined
    : applicationError(400, 'INVALID_CODE', 'Wrong verification code');
}

/**
 * POST `/v2/{factorType}/verify` for the seven second factors, on the platform's shapes:
 * `{ stateToken, rememberThisDevice, smsData { code, deliveryMethod? } | callData |
 * emailData | totpData | recoveryCodeData { code } | pushData { transactionId } |
 * webauthnData { challengeId, credential } }` → SUCCESS with a session token. Codes of
 * sms, call and email are in the outbox; totp's is the member's `mfa.totpCode`;
 * recovery codes work once; a pending push answers REQUIRE_MFA again, a denied or
 * expired one `PUSH_DENIED` / `PUSH_EXPIRED`; a WebAuthn assertion is verified for
 * real (see `verifyAssertion`), its challenge once.
 *
 * @example
 * ```ts
 * // POST /_api/iam/authentication/v2/sms/verify { stateToken, smsData: { code } } → { state: 'SUCCESS', sessionToken }
 * ```
 */
export async function verifyFactorRoute(context: RouteContext): Promise<Response> {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const factor = (context.params[0] ?? '').toLowerCase() as MockFactorType;
  if (!MOCK_FACTOR_TYPES.includes(factor))
    return applicationError(404, 'UNKNOWN_FACTOR', `There is no factor type ${factor}`);
  // The data key is the factor type in lower camel case: smsData, totpData, recoveryCodeData.
  const dataKey = `${factor.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}Data`;
  const violations = violationsOf(body, factor, dataKey);
  if (violations.length > 0) return validationError(violations);
  const stateToken = stringAt(body, 'stateToken') as string;
  const data = objectAt(body, dataKey) as Record<string, unknown>;
  const found = liveFlow(context, stateToken, 'mfa');
  if (found instanceof Response) return found;
  const { flow, member } = found;
  if (member.mfa?.factors.includes(factor) !== true)
    return applicationError(400, 'INVALID_FACTOR', 'This factor is not enabled for the member');
  const refused =
    factor === 'push'
      ? checkPush(context, { flow, stateToken, transactionId: String(data['transactionId']) })
      : factor === 'webauthn'
        ? await checkWebauthn(member, flow, data)
        : checkCode(member, { flow, factor, code: String(data['code']) });
  if (refused !== undefined) return refused;
  context.state.flows.delete(stateToken);
  return authenticationOutcome(context, member, { checkMfa: false });
}
