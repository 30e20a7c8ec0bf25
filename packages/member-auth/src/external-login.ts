import { requiredString, signalOf } from '@site-identity/http/internal';
import type { TokenManager, Tokens } from '@site-identity/tokens';
import { authorizedClient } from '@site-identity/tokens/authorized-client';
import { rejectingWithMemberAuthError } from './account-error';
import type { CallSignal, IdentityProfile, MemberAuth } from '@site-identity/member-auth';
import { isFilled, isValidEmail, refused } from './input-checks';
import { internals } from './internals';
import { signOnBody } from './sign-on-body';
import { invalidArgument } from './member-auth-error';

/**
 * What {@link getMemberTokensForExternalLoginWithSession} takes.
 *
 * @example
 * ```ts
 * import type { ExternalLoginWithSessionParams } from '@site-identity/member-auth/external-login';
 *
 * const params: ExternalLoginWithSessionParams = {
 *   email: 'ada@example.com',
 *   apiKey: process.env.SITE_API_KEY!,
 *   mergeExistingContact: true,
 * };
 * ```
 */
export interface ExternalLoginWithSessionParams extends CallSignal {
  /** The member's e-mail address; the member is created on first use. */
  email: string;
  /** The app's API key, sent after the access token: `Authorization: <accessToken>,<apiKey>`. Never logged. */
  apiKey: string;
  /** The member's profile, for a member created on first use. */
  profile?: IdentityProfile;
  /** Ask the member to verify the address. Default false. */
  verifyEmail?: boolean;
  /** Attach the member to an existing contact with this address. Default false. */
  mergeExistingContact?: boolean;
}

/**
 * Server only: member tokens for `memberId` through the `authorized_client` grant,
 * authorised by the client's access token plus `secondToken`. The tokens are
 * returned, not stored: the member client's own session is untouched. A separate
 * import, so that a browser app does not download it.
 *
 * Rejects only with a `MemberAuthError`: `INVALID_ARGUMENT` (a `memberAuth` not made
 * by `createMemberAuth`, or whose `tokens` are not a token manager made by
 * `createTokenManager`; an empty `memberId` or `secondToken`; before any request),
 * `NETWORK_ERROR`, `SERVER_ERROR`, `REQUEST_FAILED`, `ABORTED`.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import { getMemberTokensForExternalLogin } from '@site-identity/member-auth/external-login';
 * declare const memberAuth: MemberAuth;
 * declare const memberId: string;
 *
 * const tokens = await getMemberTokensForExternalLogin(memberAuth, memberId, process.env.SECOND_TOKEN!);
 * console.log(tokens.refreshToken.role); // 'member'
 * ```
 */
// The platform SDK's getMemberTokensForExternalLogin(memberId, apiKey), after the
// member client as every separate import takes it, and the call's options last.
// eslint-disable-next-line @typescript-eslint/max-params
export function getMemberTokensForExternalLogin(
  memberAuth: MemberAuth,
  memberId: string,
  secondToken: string,
  call?: CallSignal,
): Promise<Tokens> {
  return rejectingWithMemberAuthError(async () => {
    const { tokens } = internals.borrow(memberAuth);
    // A token manager of createTokenManager: authorizedClient refuses anything else.
    return authorizedClient(tokens as TokenManager, {
      memberId: requiredString(memberId, 'memberId', invalidArgument),
      secondToken: requiredString(secondToken, 'secondToken', invalidArgument),
      signal: signalOf(call, invalidArgument),
    });
  });
}

/**
 * Server only: signs the member on with the app's key (`POST /v2/sign-on`,
 * `Authorization: <accessToken>,<apiKey>`; the member is created on first use), then
 * takes member tokens through the `authorized_client` grant with `member_id` and
 * `session_token`, tied to that site session (for handing a member into hosted
 * checkout). The tokens are returned, not stored. A separate import, so that a
 * browser app does not download it.
 *
 * Rejects only with a `MemberAuthError`: `INVALID_EMAIL`, `INVALID_ARGUMENT` (before
 * any request), `SERVER_ERROR` for an answer without a session token and identity
 * id, and the transport codes.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import { getMemberTokensForExternalLoginWithSession } from '@site-identity/member-auth/external-login';
 * declare const memberAuth: MemberAuth;
 *
 * const tokens = await getMemberTokensForExternalLoginWithSession(memberAuth, {
 *   email: 'ada@example.com',
 *   apiKey: process.env.SITE_API_KEY!,
 * });
 * ```
 */
export function getMemberTokensForExternalLoginWithSession(
  memberAuth: MemberAuth,
  params: ExternalLoginWithSessionParams,
): Promise<Tokens> {
  return rejectingWithMemberAuthError(async () => {
    const { tokens, request } = internals.borrow(memberAuth);
    const { email, apiKey } = params ?? {};
    if (!isValidEmail(email))
      throw refused('INVALID_EMAIL', 'email must be an e-mail address, like name@example.com');
    if (!isFilled(apiKey) || /[\0\r\n,]/.test(apiKey))
      throw refused(
        'INVALID_ARGUMENT',
        'apiKey must be a non-empty string without commas or line breaks',
      );
    const signal = signalOf(params, invalidArgument);
    const accessToken = await tokens.getAccessToken({ signal });
    const { data: answer } = await request('/authentication/v2/sign-on', signOnBody(params), {
      authorization: `${accessToken},${apiKey}`,
      signal,
    });
    // Read from an answer of any shape (null, a string, an array): undefined at worst.
    const { sessionToken, identity } = Object(answer) as Record<string, unknown>;
    const memberId: unknown = (Object(identity) as Record<string, unknown>)['id'];
    if (!isFilled(sessionToken) || !isFilled(memberId))
      throw refused(
        'SERVER_ERROR',
        'The platform answered sign-on without a session token and an identity id',
      );
    // A token manager of createTokenManager: authorizedClient refuses anything else.
    return authorizedClient(tokens as TokenManager, {
      memberId,
      accessToken,
      secondToken: apiKey,
      sessionToken,
      signal,
    });
  });
}
