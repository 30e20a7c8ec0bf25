import type { Redirects } from '@site-identity/redirects';
import type { TokenManager } from '@site-identity/tokens';

/**
 * What member-auth uses of a token manager (`createTokenManager` from
 * `@site-identity/tokens`): the access token that authorises its calls, whether a
 * member is logged in, and the settings
 * (`clientId`, `apiBaseUrl`, `fetch`) that member-auth inherits unless given its own.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import type { MemberAuthTokens } from '@site-identity/member-auth';
 * declare const clientId: string;
 *
 * const tokens: MemberAuthTokens = createTokenManager({ clientId });
 * ```
 */
export type MemberAuthTokens = Pick<TokenManager, 'getAccessToken' | 'isLoggedIn'> &
  Partial<Pick<TokenManager, 'clientId' | 'apiBaseUrl' | 'fetch'>>;

/**
 * What member-auth uses of a redirect client (`createRedirects` from
 * `@site-identity/redirects`) to turn the session token of a SUCCESS login into
 * member tokens: `silentLogin` (a hidden frame; the tokens are stored) and
 * `loginWithRedirect` (a top-level redirect; the callback page stores them).
 *
 * @example
 * ```ts
 * import { createRedirects } from '@site-identity/redirects';
 * import type { MemberAuthRedirects } from '@site-identity/member-auth';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const tokens: TokenManager;
 *
 * const redirects: MemberAuthRedirects = createRedirects({ tokens });
 * ```
 */
export type MemberAuthRedirects = Pick<Redirects, 'silentLogin' | 'loginWithRedirect'>;
