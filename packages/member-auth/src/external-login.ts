import { signalOf } from '@site-identity/http/internal';
import type { CallSignal } from './call-signal';
import type { HttpClient } from '@site-identity/http';
import type { Tokens } from '@site-identity/tokens';
import { rejectingWithMemberAuthError } from './account-error';
import type { IdentityProfile } from './identity';
import { invalidArgument, isFilled, isValidEmail, refused } from './input-checks';
import type { MemberAuthTokens } from './ports';

/**
 * What `getMemberTokensForExternalLoginWithSession` takes.
 *
 * @example
 * ```ts
 * import type { ExternalLoginWithSessionParams } from '@site-identity/member-auth';
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
  profile?: IdentityProfile;
  /** Ask the member to verify the address. Default false. */
  verifyEmail?: boolean;
  /** Attach the member to an existing contact with this address. Default false. */
  mergeExistingContact?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sign-on with the app's key (`POST /v2/sign-on`, `Authorization: <accessToken>,<apiKey>`),
 * then the `authorized_client` grant with `member_id` and `session_token`: member tokens
 * tied to the new site session. The tokens are returned, not stored.
 */
export function externalLoginWithSession(
  auth: HttpClient,
  tokens: MemberAuthTokens,
  params: ExternalLoginWithSessionParams,
): Promise<Tokens> {
  return rejectingWithMemberAuthError(async () => {
    const { email, apiKey, profile, verifyEmail, mergeExistingContact } = params ?? {};
    if (!isValidEmail(email))
      throw refused('INVALID_EMAIL', 'email must be an e-mail address, like name@example.com');
    if (!isFilled(apiKey) || /[\0\r\n,]/.test(apiKey))
      throw refused(
        'INVALID_ARGUMENT',
        'apiKey must be a non-empty string without commas or line breaks',
      );
    const signal = signalOf(params, invalidArgument);
    const accessToken = await tokens.getAccessToken({ signal });
    const answer = await auth.post(
      '/v2/sign-on',
      {
        loginId: { email },
        profile: profile ?? {},
        verifyEmail: verifyEmail === true,
        mergeExistingContact: mergeExistingContact === true,
      },
      { headers: { authorization: `${accessToken},${apiKey}` }, signal },
    );
    const sessionToken = isRecord(answer) ? answer['sessionToken'] : undefined;
    const identity = isRecord(answer) ? answer['identity'] : undefined;
    const memberId = isRecord(identity) ? identity['id'] : undefined;
    if (!isFilled(sessionToken) || !isFilled(memberId))
      throw refused(
        'SERVER_ERROR',
        'The platform answered sign-on without a session token and an identity id',
      );
    return tokens.authorizedClient({
      memberId,
      accessToken,
      secondToken: apiKey,
      sessionToken,
      signal,
    });
  });
}
