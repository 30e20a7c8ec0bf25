// React bindings: every public export of @site-identity/react.
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
