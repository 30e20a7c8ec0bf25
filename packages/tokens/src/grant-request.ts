import { requiredString } from '@site-identity/http/internal';
import { invalidArgument, type GrantType } from './tokens-error';
import type { RefreshToken, TokenRole } from './types';

/** A non-empty string, or the package's `INVALID_ARGUMENT` naming it. @internal */
export const required = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);

/** One grant request, as the endpoint's methods describe it. @internal */
export interface GrantRequest {
  readonly grantType: GrantType;
  /** The role of the refresh token that comes back. */
  readonly role: TokenRole;
  /** The body's fields beyond `clientId` and `grantType` (the whole body for `authorized_client`). */
  readonly fields: object;
  /** The call's options (or its request), whose `signal` is checked after the grant's own input. */
  readonly options: unknown;
  /** The refresh token sent, kept when the answer brings none. */
  readonly previous?: string | undefined;
  readonly authorization?: string | undefined;
}

/** The grant of visitor tokens; `options` holds the call's `signal`. @internal */
export const anonymousGrant = (options?: unknown): GrantRequest => ({
  grantType: 'anonymous',
  role: 'visitor',
  fields: {},
  options,
});

/**
 * The renewal through `refreshToken`, whose value was checked: a member's role is
 * kept, any other is a visitor's; without a new refresh token in the answer, the one
 * sent stays. @internal
 */
export const refreshGrant = ({ value, role }: RefreshToken, options?: unknown): GrantRequest => ({
  grantType: 'refresh_token',
  role: role === 'member' ? 'member' : 'visitor',
  fields: { refreshToken: value },
  options,
  previous: value,
});
