import { borrow, lend } from '@site-identity/http/internal';
import { invalidArgument } from './input-checks';
import type { PlatformCalls } from './platform-calls';
import type { MemberAuthTokens } from './ports';

/** The key of what a member client lends the separate imports that extend it (`/external-login`). */
const INTERNALS = '@site-identity/member-auth:internals';

/** What the separate imports use of a member client. */
export interface MemberAuthInternals extends PlatformCalls {
  readonly tokens: MemberAuthTokens;
}

/** `client` with its internals attached, out of sight (not enumerable, read-only). */
export const withInternals = <T extends object>(client: T, internals: MemberAuthInternals): T =>
  lend(client, INTERNALS, internals);

/** The internals of a member client made by `createMemberAuth`; `INVALID_ARGUMENT` for anything else. */
export const internalsOf = (memberAuth: unknown): MemberAuthInternals =>
  borrow(
    memberAuth,
    INTERNALS,
    'memberAuth',
    'a member client made by createMemberAuth of @site-identity/member-auth',
    invalidArgument,
  ) as MemberAuthInternals;
