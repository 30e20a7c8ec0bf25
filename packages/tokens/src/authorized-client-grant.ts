import { invalidArgument } from './errors';
import { required, type GrantRequest } from './grant-request';
import type { TokenEndpoint } from './token-endpoint';

/** The `authorized_client` grant of `request`: its fields and its `Authorization` value. @internal */
export function authorizedClientGrant(
  request: Parameters<TokenEndpoint['authorizedClient']>[0],
): GrantRequest {
  const memberId = required(request?.memberId, 'memberId');
  const tokens = { accessToken: request.accessToken, secondToken: request.secondToken };
  for (const [name, value] of Object.entries(tokens)) {
    // Never the value itself in the message: it is a token.
    if (/[\0\r\n]/.test(required(value, name)))
      throw invalidArgument(
        `${name} must be header-safe (no line break or NUL); got a string with one`,
      );
  }
  const fields = {
    grant_type: 'authorized_client',
    scope: 'offline_access',
    member_id: memberId,
    ...(request.sessionToken !== undefined && {
      session_token: required(request.sessionToken, 'sessionToken'),
    }),
  };
  return {
    grantType: 'authorized_client',
    role: 'member',
    fields,
    options: request,
    authorization: `${tokens.accessToken},${tokens.secondToken}`,
  };
}
