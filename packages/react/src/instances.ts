import type { MemberAuth } from '@site-identity/member-auth';
import type { Redirects } from '@site-identity/redirects';
import type { TokenManager } from '@site-identity/tokens';

/**
 * What the bindings read from the token manager: its snapshot and its change
 * notifications, and `getTokens`, which `<IdentityProvider>` calls on mount and
 * after a sign-out to get the visitor session. A `TokenManager` from
 * `@site-identity/tokens` is one.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import type { SessionSource } from '@site-identity/react';
 *
 * const tokens: SessionSource = createTokenManager({ clientId: 'my-client-id' });
 * ```
 */
export type SessionSource = Pick<TokenManager, 'getSnapshot' | 'subscribe'> &
  Partial<Pick<TokenManager, 'getTokens'>>;

/**
 * What the bindings use of the redirect client: the hosted login, its
 * callback and the logout (`useLogout`, checked for when used). A `Redirects`
 * from `@site-identity/redirects` is one (and `useLoginWithPopup` of
 * `@site-identity/react/popup` needs one made by `createRedirects`).
 *
 * @example
 * ```ts
 * import { createRedirects } from '@site-identity/redirects';
 * import type { LoginRedirector } from '@site-identity/react';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const tokens: TokenManager;
 *
 * const redirects: LoginRedirector = createRedirects({ tokens });
 * ```
 */
export type LoginRedirector = Pick<Redirects, 'loginWithRedirect' | 'completeLogin'> &
  Partial<Pick<Redirects, 'logout'>>;

/**
 * The instances an {@link IdentityProvider} shares with the hooks below it.
 * They are created once, outside React, and passed in; the context carries
 * nothing else.
 *
 * @example
 * ```ts
 * import type { IdentityInstances } from '@site-identity/react';
 * import type { TokenManager } from '@site-identity/tokens';
 * import type { Redirects } from '@site-identity/redirects';
 * import type { MemberAuth } from '@site-identity/member-auth';
 * declare const tokens: TokenManager;
 * declare const redirects: Redirects;
 * declare const memberAuth: MemberAuth;
 *
 * const instances: IdentityInstances = { tokens, redirects, memberAuth };
 * ```
 */
export interface IdentityInstances {
  /** The token manager of the site client. */
  readonly tokens: SessionSource;
  /** The redirect client; needed by `useLoginCallback`, `useLoginWithPopup`, `useLogout` and `RequireMember`'s `redirectToLogin`. */
  readonly redirects?: LoginRedirector | undefined;
  /** The member client; needed by `useMemberAuth`. */
  readonly memberAuth?: MemberAuth | undefined;
}
