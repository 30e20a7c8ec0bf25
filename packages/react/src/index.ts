export { IdentityProvider, type IdentityProviderProps } from './identity-provider';
export type { IdentityInstances, LoginRedirector, SessionSource } from './instances';
export { useSession } from './use-session';
export { useIsLoggedIn } from './use-is-logged-in';
export {
  useMemberAuth,
  type MemberAuthActionName,
  type MemberAuthActionResult,
  type MemberAuthActions,
  type MemberAuthState,
  type UseMemberAuthResult,
} from './use-member-auth';
export type { MemberAuthOutcome } from './outcome';
export {
  useLoginCallback,
  type LoginCallbackOptions,
  type LoginCallbackState,
} from './use-login-callback';
export { useLogout, type UseLogoutOptions, type UseLogoutResult } from './use-logout';
export { SignedIn, type SessionGateProps } from './signed-in';
export { SignedOut } from './signed-out';
export { RequireMember, type RequireMemberProps } from './require-member';
export {
  IdentityReactError,
  isIdentityReactError,
  type IdentityReactErrorInit,
  type KnownIdentityReactErrorCode,
} from './identity-react-error';
