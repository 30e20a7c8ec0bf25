import { isEmail, objectAt, parseJsonBody, stringAt, type RouteContext } from '../context';
import { checkCaptcha } from '../captcha';
import { hashPassword, toIdentity } from '../members';
import { isClientAllowed } from '../options';
import {
  applicationError,
  json,
  redirect,
  validationError,
  type FieldViolation,
} from '../responses';
import { authenticationOutcome } from './outcome';

/**
 * The cookie the hosted pages keep the platform session in.
 *
 * @example
 * ```ts
 * readCookie(request, SESSION_COOKIE);
 * ```
 */
export const SESSION_COOKIE = 'mock_platform_session';

const EMAIL_VIOLATION: FieldViolation = {
  field: 'loginId.email',
  description: 'must be a valid e-mail address',
  data: { type: 'EMAIL' },
};
const PASSWORD_VIOLATION: FieldViolation = { field: 'password', description: 'must not be empty' };

/**
 * POST `/v2/register`: validation (EMAIL field violation), captcha (-19971, -19970),
 * an existing e-mail (-19995, 409), then the site's rules.
 *
 * @example
 * ```ts
 * // { loginId: { email }, password, profile, captchaTokens, clientMetaData } → { state, sessionToken?, stateToken?, identity }
 * ```
 */
export function registerRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const email = stringAt(objectAt(body, 'loginId'), 'email');
  const password = stringAt(body, 'password');
  const violations: FieldViolation[] = [];
  if (!isEmail(email)) violations.push(EMAIL_VIOLATION);
  if (password === undefined) violations.push(PASSWORD_VIOLATION);
  if (violations.length > 0 || email === undefined || password === undefined)
    return validationError(violations);
  const captcha = checkCaptcha(context.state.settings.captcha, body['captchaTokens']);
  if (captcha) return captcha;
  if (context.state.findMember(email))
    return applicationError(409, '-19995', 'Email already exists');
  const member = context.state.addMember({
    email,
    password,
    emailVerified: !context.state.settings.requireEmailVerification,
    ownerApproved: !context.state.settings.requireOwnerApproval,
    profile: objectAt(body, 'profile') ?? {},
  });
  return authenticationOutcome(context, member, { checkMfa: false });
}

/**
 * POST `/v2/login`: validation, captcha (-19971, -19970), an unknown e-mail
 * (`IDENTITY_NOT_FOUND`, 404), reset password required (-19973), a wrong password
 * (-19976), then the member's state (verification, approval, MFA) or SUCCESS.
 *
 * @example
 * ```ts
 * // { loginId: { email }, password, captchaTokens, clientMetaData } → { state, sessionToken?, stateToken?, identity }
 * ```
 */
export function loginRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const email = stringAt(objectAt(body, 'loginId'), 'email');
  const password = stringAt(body, 'password');
  const violations: FieldViolation[] = [];
  if (email === undefined) violations.push(EMAIL_VIOLATION);
  if (password === undefined) violations.push(PASSWORD_VIOLATION);
  if (violations.length > 0 || email === undefined || password === undefined)
    return validationError(violations);
  const captcha = checkCaptcha(context.state.settings.captcha, body['captchaTokens']);
  if (captcha) return captcha;
  const member = context.state.findMember(email);
  if (member === undefined)
    return applicationError(404, 'IDENTITY_NOT_FOUND', 'No member with this e-mail');
  if (member.resetPasswordRequired)
    return applicationError(400, '-19973', 'Reset password required');
  if (
    member.passwordHash === undefined ||
    hashPassword(password, member.salt) !== member.passwordHash
  ) {
    return applicationError(400, '-19976', 'Invalid password');
  }
  return authenticationOutcome(context, member, { checkMfa: true });
}

/**
 * POST `/v2/change-password` with a member's access token: `{ newPassword }` → `{}`.
 *
 * @example
 * ```ts
 * // Authorization: <member access token>, { newPassword: 'n3w' } → {}
 * ```
 */
export function changePasswordRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const newPassword = stringAt(body, 'newPassword');
  if (newPassword === undefined)
    return validationError([{ field: 'newPassword', description: 'must not be empty' }]);
  const member =
    context.caller?.memberId === undefined
      ? undefined
      : context.state.members.get(context.caller.memberId);
  if (member === undefined)
    return applicationError(404, 'IDENTITY_NOT_FOUND', 'The member of this token no longer exists');
  member.passwordHash = hashPassword(newPassword, member.salt);
  member.resetPasswordRequired = false;
  member.updatedDate = new Date(context.now()).toISOString();
  return json({});
}

/**
 * POST `/v2/sign-on`: finds or creates the member (no password) and answers
 * `{ state: 'SUCCESS', sessionToken, identity }`.
 *
 * @example
 * ```ts
 * // { loginId: { email }, profile, verifyEmail, mergeExistingContact } → { state: 'SUCCESS', sessionToken, identity }
 * ```
 */
export function signOnRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const email = stringAt(objectAt(body, 'loginId'), 'email');
  if (!isEmail(email)) return validationError([EMAIL_VIOLATION]);
  const member =
    context.state.findMember(email) ??
    context.state.addMember({ email, profile: objectAt(body, 'profile') ?? {} });
  if (body['verifyEmail'] === true) member.emailVerified = true;
  return json({
    state: 'SUCCESS',
    sessionToken: context.state.createSession(member.id),
    identity: toIdentity(member),
  });
}

/**
 * GET `/v1/logout?postLogoutRedirectUri&clientId`: ends the platform session of the
 * hosted pages' cookie and redirects (302) to `postLogoutRedirectUri`.
 *
 * @example
 * ```ts
 * // GET /_api/iam/authentication/v1/logout?clientId=app&postLogoutRedirectUri=http://localhost:5173/ → 302
 * ```
 */
export function logoutRoute(context: RouteContext): Response {
  const target = context.url.searchParams.get('postLogoutRedirectUri') ?? '';
  const clientId = context.url.searchParams.get('clientId') ?? '';
  const violations: FieldViolation[] = [];
  if (target === '')
    violations.push({ field: 'postLogoutRedirectUri', description: 'is required' });
  if (clientId === '') violations.push({ field: 'clientId', description: 'is required' });
  if (violations.length > 0) return validationError(violations);
  if (!isClientAllowed(context.state.settings.clients, clientId, target)) {
    return applicationError(
      400,
      'INVALID_REDIRECT_URI',
      'postLogoutRedirectUri is not allowed for this client',
    );
  }
  const session = readCookie(context.request, SESSION_COOKIE);
  if (session !== undefined) context.state.sessions.delete(session);
  return redirect(target, 302, {
    'set-cookie': `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
  });
}

/**
 * The value of a cookie of a request, or undefined.
 *
 * @example
 * ```ts
 * readCookie(request, SESSION_COOKIE);
 * ```
 */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}
