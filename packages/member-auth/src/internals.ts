import { describeValue } from '@site-identity/http/internal';
import { invalidArgument } from './input-checks';
import type { PlatformCalls } from './platform-calls';
import type { MemberAuthTokens } from './ports';

/**
 * The key of what a member client lends the separate imports that extend it
 * (`@site-identity/member-auth/external-login`). `Symbol.for`: the same key in
 * every build of the package an app loads.
 */
const INTERNALS = /* @__PURE__ */ Symbol.for('@site-identity/member-auth:internals');

/** What the separate imports use of a member client. */
export interface MemberAuthInternals {
  readonly tokens: MemberAuthTokens;
  readonly calls: PlatformCalls;
}

/** `client` with its internals attached, out of sight (not enumerable, read-only). */
export function withInternals<T extends object>(client: T, internals: MemberAuthInternals): T {
  return Object.defineProperty(client, INTERNALS, { value: internals });
}

/** The internals of a member client made by `createMemberAuth`; `INVALID_ARGUMENT` for anything else. */
export function internalsOf(memberAuth: unknown): MemberAuthInternals {
  const internals =
    typeof memberAuth === 'object' && memberAuth !== null
      ? (memberAuth as { [INTERNALS]?: MemberAuthInternals })[INTERNALS]
      : undefined;
  if (!internals)
    throw invalidArgument(
      `memberAuth must be a member client made by createMemberAuth of @site-identity/member-auth; got ${describeValue(memberAuth)}`,
    );
  return internals;
}
