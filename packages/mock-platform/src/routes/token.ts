import { parseJsonBody, stringAt, type RouteContext } from '../context';
import { isClientAllowed } from '../options';
import { json, oauthError } from '../responses';
import { sha256, toBase64Url } from '../sha256';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * POST token URL: the four grants. `anonymous` → visitor tokens; `refresh_token` →
 * tokens of the refresh token's role and family (rotated unless `rotateRefreshTokens`
 * is off; a retired one is `invalid_grant`, and with `refreshTokenReuse: 'revoke-family'`
 * its whole family is revoked first); `authorization_code` → member tokens after the
 * S256 check; `authorized_client` (snake_case body, `Authorization: <accessToken>,<secondToken>`)
 * → member tokens for `member_id` (with `session_token`, only for a live session of that member).
 *
 * @example
 * ```ts
 * await platform.fetch(new Request(tokenUrl, { method: 'POST', body: JSON.stringify({ clientId, grantType: 'anonymous' }) }));
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.6
 */
export function tokenRoute(context: RouteContext): Response {
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response)
    return oauthError(400, 'invalid_request', 'the body must be a JSON object');
  const { state } = context;
  const grantType = stringAt(body, 'grantType') ?? stringAt(body, 'grant_type');
  if (grantType === 'authorized_client') return authorizedClient(context, body);

  const clientId = stringAt(body, 'clientId');
  if (grantType === undefined) return oauthError(400, 'invalid_request', 'grantType is required');
  if (clientId === undefined) return oauthError(400, 'invalid_request', 'clientId is required');
  if (!isClientAllowed(state.settings.clients, clientId))
    return oauthError(401, 'invalid_client', 'unknown client');

  switch (grantType) {
    case 'anonymous':
      return json(state.tokens.issue({ role: 'visitor', clientId }));
    case 'refresh_token': {
      const refreshToken = stringAt(body, 'refreshToken');
      if (refreshToken === undefined)
        return oauthError(400, 'invalid_request', 'refreshToken is required');
      const found = state.tokens.consumeRefreshToken(
        refreshToken,
        state.settings.rotateRefreshTokens,
      );
      if (found === 'unknown') return oauthError(400, 'invalid_grant', 'unknown refresh token');
      if (found === 'used') {
        if (state.settings.refreshTokenReuse === 'revoke-family') {
          const familyId = state.tokens.describe(refreshToken)?.familyId;
          if (familyId !== undefined) state.tokens.revoke({ familyId });
          return oauthError(
            400,
            'invalid_grant',
            'refresh token already used; every token of its grant is revoked',
          );
        }
        return oauthError(400, 'invalid_grant', 'refresh token already used');
      }
      if (found === 'revoked' || found.status !== 'active')
        return oauthError(400, 'invalid_grant', 'refresh token revoked');
      if (found.clientId !== clientId)
        return oauthError(400, 'invalid_grant', 'refresh token issued to another client');
      const grant = {
        role: found.role,
        clientId,
        memberId: found.memberId,
        familyId: found.familyId,
      };
      return json(
        state.tokens.issue(grant, state.settings.rotateRefreshTokens ? undefined : refreshToken),
      );
    }
    case 'authorization_code': {
      const code = stringAt(body, 'code');
      const redirectUri = stringAt(body, 'redirectUri');
      const codeVerifier = stringAt(body, 'codeVerifier');
      if (code === undefined || redirectUri === undefined || codeVerifier === undefined) {
        return oauthError(
          400,
          'invalid_request',
          'code, redirectUri and codeVerifier are required',
        );
      }
      const record = state.codes.get(code);
      if (record === undefined)
        return oauthError(400, 'invalid_grant', 'unknown authorization code');
      if (record.used) return oauthError(400, 'invalid_grant', 'authorization code already used');
      record.used = true;
      if (record.expiresAt <= context.now())
        return oauthError(400, 'invalid_grant', 'authorization code expired');
      if (record.clientId !== clientId)
        return oauthError(400, 'invalid_grant', 'authorization code issued to another client');
      if (record.redirectUri !== redirectUri)
        return oauthError(
          400,
          'invalid_grant',
          'redirectUri does not match the authorization request',
        );
      if (
        !VERIFIER.test(codeVerifier) ||
        toBase64Url(sha256(codeVerifier)) !== record.codeChallenge
      ) {
        return oauthError(400, 'invalid_grant', 'codeVerifier does not match the code challenge');
      }
      return json(state.tokens.issue({ role: 'member', clientId, memberId: record.memberId }));
    }
    default:
      return oauthError(400, 'unsupported_grant_type', 'unsupported grant type');
  }
}

function authorizedClient(context: RouteContext, body: Record<string, unknown>): Response {
  const memberId = stringAt(body, 'member_id');
  if (memberId === undefined) return oauthError(400, 'invalid_request', 'member_id is required');
  if (stringAt(body, 'scope') !== 'offline_access')
    return oauthError(400, 'invalid_scope', 'scope must be offline_access');
  const [accessToken, secondToken] = (context.request.headers.get('authorization') ?? '')
    .split(',')
    .map((part) => part.trim());
  const caller = accessToken ? context.state.tokens.authenticate(accessToken) : undefined;
  if (caller === undefined || !secondToken) {
    return oauthError(
      401,
      'invalid_client',
      'Authorization must be a valid access token and a second token',
    );
  }
  const sessionToken = stringAt(body, 'session_token');
  if (sessionToken !== undefined) {
    const session = context.state.sessions.get(sessionToken);
    if (
      session === undefined ||
      session.expiresAt <= context.now() ||
      session.memberId !== memberId
    )
      return oauthError(400, 'invalid_grant', 'session_token is not a live session of member_id');
  }
  return json(context.state.tokens.issue({ role: 'member', clientId: caller.clientId, memberId }));
}
