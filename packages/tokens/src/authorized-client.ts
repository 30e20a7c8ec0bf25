import type { AuthorizedClientRequest, TokenManager, Tokens } from '@site-identity/tokens';
import { authorizedClientGrant } from './authorized-client-grant';
import { internals } from './internals';

/** The access token that authorises the grant: the request's, else the manager's own, as its `getAccessToken` gives it. */
async function accessTokenOf(
  manager: TokenManager,
  request: AuthorizedClientRequest,
): Promise<unknown> {
  return request.accessToken ?? manager.getAccessToken(request);
}

/**
 * Member tokens for another member through the `authorized_client` grant, authorised
 * by `accessToken` (default: the manager's own access token) and `secondToken`, sent
 * with the manager's endpoint settings. The manager's own session is untouched: the
 * result is for the caller to use. With `sessionToken` (a sign-on's), the tokens are
 * tied to that site session. A separate import, so that an app that never hands a
 * member to another client does not carry it.
 *
 * Rejects with a `TokenEndpointError` as the endpoint's grants do, or `INVALID_ARGUMENT`
 * (a `manager` not made by `createTokenManager`, an empty `memberId` or `secondToken`, a
 * token with a line break) before any request.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { authorizedClient } from '@site-identity/tokens/authorized-client';
 * declare const apiKey: string;
 *
 * const manager = createTokenManager({ clientId: 'my-client-id' });
 * const tokens = await authorizedClient(manager, { memberId: 'c0ffee', secondToken: apiKey });
 * tokens.refreshToken.role; // 'member'
 * ```
 */
export async function authorizedClient(
  manager: TokenManager,
  request: AuthorizedClientRequest,
): Promise<Tokens> {
  const { grant } = internals.borrow(manager);
  // First the request is checked: bad input sends nothing, not even a renewal of the
  // manager's own tokens.
  const grantFor = authorizedClientGrant(request);
  // Then the access token: the request's, else the manager's own (within the request's signal).
  const accessToken = await accessTokenOf(manager, request);
  return grant(grantFor(accessToken));
}
