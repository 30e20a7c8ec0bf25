import type { RouteContext } from '../context';
import { escapeHtml, loginForm, page, scriptJson } from '../html';
import { verifyPassword, type MockMember } from '../members';
import { isClientAllowed, isOriginAllowed } from '../options';
import { randomToken } from '../random';
import { html, redirect } from '../responses';
import { readCookie, SESSION_COOKIE } from './authentication';
import { frameCookieStep } from './frame-cookie';
import { identityProviderStep } from './identity-provider';
import { recoverPassword } from './recovery';

type ResponseMode = 'fragment' | 'query' | 'web_message';

interface AuthRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  /** Whether the redirect URI's origin is one of the client's allowed domains. */
  readonly originAllowed: boolean;
  readonly responseMode: ResponseMode;
  readonly codeChallenge: string;
  readonly state: string;
}

type Checked =
  | {
      readonly kind: 'ok';
      readonly request: AuthRequest;
      readonly prompt: string | undefined;
      readonly sessionToken: string | undefined;
    }
  | { readonly kind: 'fatal'; readonly message: string }
  | {
      readonly kind: 'error';
      readonly request: AuthRequest;
      readonly error: string;
      readonly description: string;
    };

/** The origin of a URL, or `''` for one that does not parse. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MODES: readonly string[] = ['fragment', 'query', 'web_message'];

function checkAuthRequest(context: RouteContext): Checked {
  const query = context.url.searchParams;
  const get = (name: string): string => query.get(name) ?? '';
  const clientId = get('clientId');
  const redirectUri = get('redirectUri');
  const responseMode = get('responseMode') || 'fragment';
  if (clientId === '') return { kind: 'fatal', message: 'clientId is missing' };
  if (redirectUri === '') return { kind: 'fatal', message: 'redirectUri is missing' };
  if (!isClientAllowed(context.state.settings.clients, clientId, redirectUri)) {
    return { kind: 'fatal', message: 'redirectUri is not allowed for this client' };
  }
  if (!MODES.includes(responseMode))
    return { kind: 'fatal', message: 'responseMode must be fragment, query or web_message' };
  const request: AuthRequest = {
    clientId,
    redirectUri,
    originAllowed: isOriginAllowed(context.state.settings.clients, clientId, originOf(redirectUri)),
    responseMode: responseMode as ResponseMode,
    codeChallenge: get('codeChallenge'),
    state: get('state'),
  };
  const invalid = (error: string, description: string): Checked => ({
    kind: 'error',
    request,
    error,
    description,
  });
  if ((get('responseType') || 'code') !== 'code')
    return invalid('unsupported_response_type', 'responseType must be code');
  if (get('codeChallengeMethod') !== 'S256')
    return invalid('invalid_request', 'codeChallengeMethod must be S256');
  if (!CHALLENGE.test(request.codeChallenge))
    return invalid('invalid_request', 'codeChallenge must be 43 base64url characters');
  if (request.state === '') return invalid('invalid_request', 'state is required');
  return {
    kind: 'ok',
    request,
    prompt: query.get('prompt') ?? undefined,
    sessionToken: query.get('sessionToken') ?? undefined,
  };
}

/** How the authorize page answers besides its result. */
interface Answer {
  /** Extra headers (the session cookie of a sign-in). Default none. */
  readonly headers?: Record<string, string>;
  /** The redirect's status: 302 (the default), or 303 after a form post. */
  readonly status?: number;
}

/** The authorize result (`code` or `error`, with the request's `state`) in the request's response mode. */
function respond(
  request: AuthRequest,
  result: Record<string, string>,
  { headers = {}, status = 302 }: Answer = {},
): Response {
  const params = { ...result, ...(request.state ? { state: request.state } : {}) };
  if (request.responseMode === 'web_message') {
    const origin = new URL(request.redirectUri).origin;
    // The platform posts only to the app's allowed domains: to any other origin the
    // page loads and says nothing (the opener or parent waits in vain).
    if (!request.originAllowed)
      return html(page('Signing in', '<p>Returning to the application…</p>'), 200, headers);
    // A popup answers its opener, a frame its parent.
    const script = `(window.opener || window.parent).postMessage(${scriptJson(params)}, ${scriptJson(origin)});`;
    return html(
      page('Signing in', `<p>Returning to the application…</p>\n<script>${script}</script>`),
      200,
      headers,
    );
  }
  const target = new URL(request.redirectUri);
  const encoded = new URLSearchParams(params).toString();
  if (request.responseMode === 'query') {
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    target.hash = '';
    return redirect(target.href, status, headers);
  }
  target.hash = encoded;
  return redirect(target.href, status, headers);
}

function issueCode(context: RouteContext, request: AuthRequest, memberId: string): string {
  const code = randomToken('mock-code.');
  context.state.codes.set(code, {
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    memberId,
    expiresAt: context.now() + context.state.settings.authorizationCodeTtlSeconds * 1000,
    used: false,
  });
  return code;
}

function sessionMember(
  context: RouteContext,
  sessionToken: string | undefined,
): MockMember | undefined {
  const session = sessionToken === undefined ? undefined : context.state.sessions.get(sessionToken);
  if (session === undefined || session.expiresAt <= context.now()) return undefined;
  return context.state.members.get(session.memberId);
}

function sessionCookie(token: string): Record<string, string> {
  return { 'set-cookie': `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax` };
}

/** Checks form credentials: the member, or the message to show. */
function signIn(
  context: RouteContext,
): { member: MockMember; email: string } | { error: string; email: string; action: string } {
  const form = new URLSearchParams(context.rawBody);
  const email = form.get('email') ?? '';
  const action = form.get('action') ?? 'login';
  if (action === 'cancel') return { error: 'The member cancelled', email, action };
  const member = context.state.findMember(email);
  if (member === undefined || !verifyPassword(member, form.get('password') ?? '')) {
    return { error: 'Wrong e-mail or password', email, action };
  }
  if (member.resetPasswordRequired)
    return { error: 'This account must reset its password first', email, action };
  if (!member.emailVerified && context.state.settings.requireEmailVerification)
    return { error: 'Verify your e-mail first', email, action };
  if (!member.ownerApproved)
    return { error: 'The site owner has not approved this account yet', email, action };
  if (member.mfa !== undefined)
    return { error: 'This account needs a second factor; sign in through the app', email, action };
  return { member, email };
}

/**
 * GET and POST `/_hosted/oauth2/authorize`: the hosted login page of an `auth` redirect
 * session. It checks the PKCE request; `prompt=none` answers at once from the session
 * token (or the session cookie); otherwise it shows the form, and a successful POST
 * redirects (303) to the redirect URI with `code` and `state`.
 *
 * @example
 * ```ts
 * // GET fullUrl → 200 form; POST email & password → 303 Location: redirectUri#code=…&state=…
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export function authorizePageRoute(context: RouteContext): Response {
  const checked = checkAuthRequest(context);
  if (checked.kind === 'fatal') {
    return html(
      page('Sign-in error', `<p class="error" role="alert">${escapeHtml(checked.message)}</p>`),
      400,
    );
  }
  if (checked.kind === 'error')
    return respond(checked.request, {
      error: checked.error,
      error_description: checked.description,
    });
  const { request } = checked;
  const idp = context.url.searchParams.get('idp');
  if (idp && checked.prompt !== 'none')
    return identityProviderStep(context, {
      connectionId: idp,
      signedIn: (member, session) =>
        respond(
          request,
          { code: issueCode(context, request, member.id) },
          { headers: sessionCookie(session), status: 303 },
        ),
      cancelled: () =>
        respond(
          request,
          { error: 'access_denied', error_description: 'The member cancelled' },
          { status: 303 },
        ),
    });
  if (context.request.method === 'POST') {
    const outcome = signIn(context);
    if ('error' in outcome) {
      if (outcome.action === 'cancel')
        return respond(
          request,
          { error: 'access_denied', error_description: 'The member cancelled' },
          { status: 303 },
        );
      return html(
        page('Sign in', loginForm({ error: outcome.error, email: outcome.email, cancel: true })),
        401,
      );
    }
    const session = context.state.createSession(outcome.member.id);
    return respond(
      request,
      { code: issueCode(context, request, outcome.member.id) },
      { headers: sessionCookie(session), status: 303 },
    );
  }
  if (checked.prompt === 'none') {
    const cookie = frameCookieStep(context);
    if (cookie instanceof Response) return cookie;
    if (cookie === 'missing') {
      if (context.state.settings.frameCookie === 'unanswered')
        return html(page('Signing in', '<p>Signing in…</p>'));
      return respond(request, {
        error: 'login_required',
        error_description:
          'The session cookie could not be read back: third-party cookies are blocked',
      });
    }
    const member = sessionMember(
      context,
      checked.sessionToken ?? readCookie(context.request, SESSION_COOKIE),
    );
    if (member === undefined)
      return respond(request, { error: 'login_required', error_description: 'No valid session' });
    return respond(request, { code: issueCode(context, request, member.id) });
  }
  return html(page('Sign in', loginForm({ cancel: true })));
}

/**
 * GET and POST `/_hosted/login`: the hosted login page of a `login` redirect session
 * (GET answers 200, so it can be pre-warmed). A successful POST starts the platform
 * session and redirects to `postFlowUrl` when it is allowed.
 *
 * @example
 * ```ts
 * // GET /_hosted/login?clientId=app&postFlowUrl=http://localhost:5173/ → 200 form
 * ```
 */
export function loginPageRoute(context: RouteContext): Response {
  if (context.request.method !== 'POST') return html(page('Sign in', loginForm({})));
  const outcome = signIn(context);
  if ('error' in outcome)
    return html(page('Sign in', loginForm({ error: outcome.error, email: outcome.email })), 401);
  const headers = sessionCookie(context.state.createSession(outcome.member.id));
  const postFlowUrl = context.url.searchParams.get('postFlowUrl');
  const clientId = context.url.searchParams.get('clientId') ?? '';
  if (
    postFlowUrl &&
    isClientAllowed(context.state.settings.clients, clientId || 'any', postFlowUrl)
  )
    return redirect(postFlowUrl, 303, headers);
  return html(
    page('Signed in', `<p>Signed in as ${escapeHtml(outcome.member.email)}.</p>`),
    200,
    headers,
  );
}

/**
 * GET `/_hosted/<intent>`: a simple page naming a checkout or booking intent, with a
 * link back to `postFlowUrl`.
 *
 * @example
 * ```ts
 * // GET /_hosted/ecomCheckout?postFlowUrl=… → 200 "ecomCheckout"
 * ```
 */
export function intentPageRoute(context: RouteContext): Response {
  const intent = context.params[0] ?? '';
  const postFlowUrl = context.url.searchParams.get('postFlowUrl');
  const back = postFlowUrl
    ? `<p><a href="${escapeHtml(postFlowUrl)}">Back to the site</a></p>`
    : '';
  return html(
    page(
      intent,
      `<p data-intent="${escapeHtml(intent)}">Hosted ${escapeHtml(intent)} page.</p>${back}`,
    ),
  );
}

/**
 * GET and POST `/_hosted/reset-password?recoveryToken=…`: the default target of
 * recovery and activation links: a new-password form.
 *
 * @example
 * ```ts
 * // POST password=n3w → 200 "Password changed"
 * ```
 */
export function resetPasswordPageRoute(context: RouteContext): Response {
  const form = `<form method="post" action=""><label>New password <input name="password" type="password" autocomplete="new-password" required></label><button type="submit">Set password</button></form>`;
  if (context.request.method !== 'POST') return html(page('Choose a new password', form));
  const password = new URLSearchParams(context.rawBody).get('password') || undefined;
  const failure = recoverPassword(
    context,
    context.url.searchParams.get('recoveryToken') || undefined,
    password,
  );
  if (failure)
    return html(
      page(
        'Choose a new password',
        `<p class="error" role="alert">This link is invalid or was used.</p>${form}`,
      ),
      400,
    );
  return html(page('Password changed', '<p>You can sign in with your new password.</p>'));
}
