import { lending } from '@site-identity/http/internal';
import { invalidArgument } from './member-auth-error';
import type { PlatformCalls } from './platform-calls';
import type { MemberAuthTokens } from './ports';
import type { RefusalListener } from './refusal-listeners';

/** What the separate imports use of a member client. */
export interface MemberAuthInternals extends PlatformCalls {
  readonly tokens: MemberAuthTokens;
  /** Who hears the login calls' configuration refusals (`configurationRefusals` of the internal entry). */
  readonly refusalListeners: Set<RefusalListener>;
}

/**
 * The package's one lend/borrow pair: `createMemberAuth` lends, each separate import
 * that takes the client (`/external-login`, `/webauthn`, `/push`, …, and the internal
 * entry's `configurationRefusals`) borrows first
 * (`INVALID_ARGUMENT` for anything `createMemberAuth` did not make).
 */
export const internals = /* @__PURE__ */ lending<MemberAuthInternals>({
  key: '@site-identity/member-auth:internals',
  name: 'memberAuth',
  what: 'a member client made by createMemberAuth of @site-identity/member-auth',
  make: invalidArgument,
});
