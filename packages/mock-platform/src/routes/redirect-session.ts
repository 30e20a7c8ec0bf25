import { isObject, objectAt, parseJsonBody, stringAt, type RouteContext } from '../context';
import { randomToken } from '../random';
import { json, validationError } from '../responses';

/**
 * The intents a redirect session may carry; exactly one per request.
 *
 * @example
 * ```ts
 * REDIRECT_INTENTS.includes('ecomCheckout'); // true
 * ```
 */
export const REDIRECT_INTENTS = [
  'auth',
  'login',
  'logout',
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'storesProduct',
  'bookingsBook',
] as const;

const AUTH_FIELDS = [
  'clientId',
  'redirectUri',
  'codeChallenge',
  'codeChallengeMethod',
  'responseMode',
  'responseType',
  'scope',
  'state',
  'sessionToken',
  'idp',
];

/**
 * POST redirects `/v1/redirect-session` (needs a visitor or member access token) →
 * `{ redirectSession: { id, fullUrl, urlDetails: { endpoint, searchParams }, sessionToken } }`.
 * `auth` opens the hosted authorize page with the auth request in the query; `login` the
 * hosted login page; `logout` the logout URL ending at `callbacks.postFlowUrl`; the
 * checkout intents a page naming the intent.
 *
 * @example
 * ```ts
 * // { auth: { authRequest: { clientId, redirectUri, codeChallenge, codeChallengeMethod: 'S256', responseMode: 'fragment', responseType: 'code', scope: 'offline_access', state } } }
 * ```
 */
export function redirectSessionRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const intents = REDIRECT_INTENTS.filter(
    (intent) => body[intent] !== undefined && body[intent] !== null,
  );
  if (intents.length !== 1) {
    return validationError([
      { field: 'intent', description: `exactly one of ${REDIRECT_INTENTS.join(', ')} is required` },
    ]);
  }
  const intent = intents[0] as (typeof REDIRECT_INTENTS)[number];
  const prompt = stringAt(body, 'prompt');
  const postFlowUrl = stringAt(objectAt(body, 'callbacks'), 'postFlowUrl');
  const searchParams: Record<string, string> = {};
  let endpoint: string;
  if (intent === 'auth') {
    const authRequest = objectAt(body['auth'], 'authRequest');
    if (authRequest === undefined)
      return validationError([{ field: 'auth.authRequest', description: 'is required' }]);
    for (const field of AUTH_FIELDS) {
      const value = authRequest[field];
      if (typeof value === 'string' && value !== '') searchParams[field] = value;
    }
    if (prompt !== undefined) searchParams['prompt'] = prompt;
    endpoint = `${context.hostedBaseUrl}/_hosted/oauth2/authorize`;
  } else if (intent === 'logout') {
    const clientId = stringAt(body['logout'], 'clientId') ?? context.caller?.clientId;
    if (clientId === undefined || postFlowUrl === undefined) {
      return validationError([
        ...(clientId === undefined
          ? [{ field: 'logout.clientId', description: 'is required' }]
          : []),
        ...(postFlowUrl === undefined
          ? [{ field: 'callbacks.postFlowUrl', description: 'is required' }]
          : []),
      ]);
    }
    searchParams['clientId'] = clientId;
    searchParams['postLogoutRedirectUri'] = postFlowUrl;
    endpoint = `${context.url.origin}${context.options.baseUrl.replace(/^https?:\/\/[^/]+/, '')}/_api/iam/authentication/v1/logout`;
  } else {
    if (!isObject(body[intent]))
      return validationError([{ field: intent, description: 'must be an object' }]);
    if (postFlowUrl !== undefined) searchParams['postFlowUrl'] = postFlowUrl;
    if (context.caller !== undefined) searchParams['clientId'] = context.caller.clientId;
    endpoint = `${context.hostedBaseUrl}/_hosted/${intent}`;
  }
  const id = crypto.randomUUID();
  const fullUrl = `${endpoint}?${new URLSearchParams(searchParams).toString()}`;
  const sessionToken =
    context.caller?.role === 'member' && context.caller.memberId !== undefined
      ? context.state.createSession(context.caller.memberId)
      : randomToken('mock-rs.');
  context.state.redirectSessions.push({ id, intent, fullUrl, time: context.now() });
  return json({
    redirectSession: { id, fullUrl, urlDetails: { endpoint, searchParams }, sessionToken },
  });
}
