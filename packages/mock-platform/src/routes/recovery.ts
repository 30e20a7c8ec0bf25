import { isEmail, objectAt, parseJsonBody, stringAt, type RouteContext } from '../context';
import { hashPassword, type MockMember } from '../members';
import { randomToken } from '../random';
import { applicationError, json, validationError } from '../responses';

const RECOVERY_TTL_MS = 60 * 60 * 1000;

function recoveryLink(context: RouteContext, member: MockMember, base: string | undefined): string {
  const token = randomToken('mock-recovery.');
  context.state.recoveryTokens.set(token, {
    memberId: member.id,
    expiresAt: context.now() + RECOVERY_TTL_MS,
    used: false,
  });
  let url: URL;
  try {
    url = new URL(base ?? `${context.hostedBaseUrl}/_hosted/reset-password`);
  } catch {
    url = new URL(`${context.hostedBaseUrl}/_hosted/reset-password`);
  }
  url.searchParams.set('recoveryToken', token);
  return url.href;
}

/**
 * POST recovery `/v1/send-email`: `{ email, language, redirect: { url, clientId } }` → `{}`.
 * For a known member the outbox gets a link: `redirect.url` (or the hosted reset page)
 * with a `recoveryToken` query parameter. An unknown e-mail answers `{}` too and sends nothing.
 *
 * @example
 * ```ts
 * // { email, redirect: { url: 'http://localhost:5173/reset' } } → {}, outbox link http://localhost:5173/reset?recoveryToken=…
 * ```
 */
export function sendRecoveryEmailRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const email = stringAt(body, 'email');
  if (!isEmail(email))
    return validationError([
      { field: 'email', description: 'must be a valid e-mail address', data: { type: 'EMAIL' } },
    ]);
  const member = context.state.findMember(email);
  if (member !== undefined) {
    const link = recoveryLink(context, member, stringAt(objectAt(body, 'redirect'), 'url'));
    context.state.outbox.push({ to: member.email, kind: 'recovery', link, time: context.now() });
  }
  return json({});
}

/**
 * POST recovery `/v1/activation-email`: `{ identityId, emailOptions }` → `{}`, an
 * activation link (with a `recoveryToken`) in the outbox.
 *
 * @example
 * ```ts
 * // { identityId } → {}
 * ```
 */
export function activationEmailRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const identityId = stringAt(body, 'identityId');
  if (identityId === undefined)
    return validationError([{ field: 'identityId', description: 'is required' }]);
  const member = context.state.members.get(identityId);
  if (member === undefined)
    return applicationError(404, 'IDENTITY_NOT_FOUND', 'No member with this id');
  const emailOptions = objectAt(body, 'emailOptions');
  const redirectUrl =
    stringAt(objectAt(emailOptions, 'redirect'), 'url') ?? stringAt(emailOptions, 'redirectUrl');
  context.state.outbox.push({
    to: member.email,
    kind: 'activation',
    link: recoveryLink(context, member, redirectUrl),
    time: context.now(),
  });
  return json({});
}

/**
 * POST recovery `/v1/recover`: `{ recoveryToken, password }` → `{}`. Recovery tokens are
 * single-use and expire after an hour (`INVALID_RECOVERY_TOKEN`, 400).
 *
 * @example
 * ```ts
 * // { recoveryToken, password: 'n3w' } → {}
 * ```
 */
export function recoverRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  return (
    recoverPassword(context, stringAt(body, 'recoveryToken'), stringAt(body, 'password')) ??
    json({})
  );
}

/**
 * Sets a password through a recovery token: undefined on success, else the error answer.
 *
 * @example
 * ```ts
 * const failure = recoverPassword(context, token, password);
 * ```
 */
export function recoverPassword(
  context: RouteContext,
  recoveryToken: string | undefined,
  password: string | undefined,
): Response | undefined {
  if (recoveryToken === undefined || password === undefined) {
    return validationError([
      ...(recoveryToken === undefined
        ? [{ field: 'recoveryToken', description: 'is required' }]
        : []),
      ...(password === undefined ? [{ field: 'password', description: 'must not be empty' }] : []),
    ]);
  }
  const record = context.state.recoveryTokens.get(recoveryToken);
  const member = record === undefined ? undefined : context.state.members.get(record.memberId);
  if (
    record === undefined ||
    record.used ||
    record.expiresAt <= context.now() ||
    member === undefined
  ) {
    return applicationError(
      400,
      'INVALID_RECOVERY_TOKEN',
      'Unknown, used or expired recovery token',
    );
  }
  record.used = true;
  member.passwordHash = hashPassword(password, member.salt);
  member.resetPasswordRequired = false;
  member.emailVerified = true;
  member.updatedDate = new Date(context.now()).toISOString();
  return undefined;
}
