import { requiredString } from '@site-identity/http/internal';
import { invalidArgument, type GrantType } from './errors';
import type { TokenRole } from './types';

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
