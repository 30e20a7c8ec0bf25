// React bindings with the core an app hands to <IdentityProvider>: every export
// of @site-identity/react, and the factories of the token manager, redirects
// and member auth.
export {
  IdentityProvider,
  useSession,
  useIsLoggedIn,
  useMemberAuth,
  useLoginCallback,
  SignedIn,
  SignedOut,
  RequireMember,
} from '@site-identity/react';
export { createMemberAuth } from '@site-identity/member-auth';
export { createRedirects } from '@site-identity/redirects';
export { createTokenManager } from '@site-identity/tokens';
