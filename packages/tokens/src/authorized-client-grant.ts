import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';
import { required, type GrantRequest } from './grant-request';
import type { TokenEndpoint } from './token-endpoint';

/**
 * The `authorized_client` grant of `request`, checked in two steps: its member, second
 * token and session token at once, then the access token the answer is given (the
 * request's, or a manager's own), so that a manager asks for its own token only for a
 * request that is otherwise sound. @internal
 */
export function authorizedClientGrant(
  request: Omit<Parameters<TokenEndpoint['authorizedClient']>[0], 'accessToken'>,
): (accessToken: unknown) => GrantRequest {
  const memberId = required(request?.memberId, 'memberId');
  /** One token of the `Authorization` value, checked. */
  const token = (value: unknown, name: 'accessToken' | 'secondToken') => {
    const checked = required(value, name);
    // Never the value itself in the message: it is a token.
    if (/[\0\r\n]/.test(checked))
      throw invalid(
        {
          name,
          expected: 'header-safe (no line break or NUL)',
          value: checked,
          shown: 'a string with one',
        },
        invalidArgument,
      );
    return checked;
  };
  const secondToken = token(request.secondToken, 'secondToken');
  const sessionToken =
    request.sessionToken === undefined ? undefined : required(request.sessionToken, 'sessionToken');
  return (accessToken) => ({
    grantType: 'authorized_client',
    role: 'member',
    fields: {
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: memberId,
      session_token: sessionToken,
    },
    options: request,
    // The `Authorization` value: both tokens, joined by a comma.
    authorization: `${token(accessToken, 'accessToken')},${secondToken}`,
  });
}
