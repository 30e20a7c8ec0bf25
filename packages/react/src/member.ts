// The separate import `@site-identity/react/member`: the current member, for an app that
// greets its members. Apart from the main entry because it imports
// `@site-identity/member-auth/current-member`, which an app for visitors only does not install.
export { useMember, type MemberStatus, type UseMemberResult } from './use-member';
