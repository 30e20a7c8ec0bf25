import { invalidArgument } from './errors';
import { required, type GrantRequest } from './grant-request';
import type { TokenEndpoint } from './token-endpoint';

/** The `authorized_client` grant of `request`: its fields and its `Authorization` value. @internal */
export function authorizedClientGrant(
  request: Parameters<TokenEndpoint['authorizedClient']>[0],
): GrantRequest {
  const memberId = required(request?.memberId, 'memberId');
  /** One token of the `Authorization` value, checked. */
  const token = (name: 'accessToken' | 'secondToken') => {
    const value = required(request[name], name);
    // Never the value itself in the message: it is a token.
    if (/[\0\r\n]/.test(value))
      throw invalidArgument(
        `${name} must be header-safe (no line break or NUL); got a string with one`,
      );
    return value;
  };
  // The `Authorization` value: both tokens, each checked in this order, joined by a comma.
  const authorization = `${token('accessToken')},${token('secondToken')}`;
  return {
    grantType: 'authorized_client',
    role: 'member',
    fields: {
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: memberId,
      ...(request.sessionToken !== undefined && {
        session_token: required(request.sessionToken, 'sessionToken'),
      }),
    },
    options: request,
    authorization,
  };
}
