import { ServerIdentityError } from './server-identity-error';

/**
 * `INVALID_ARGUMENT` with a finished message: what http's shared checks
 * (`@site-identity/http/internal`) throw for this package. @internal
 */
export const invalidArgument = (message: string): ServerIdentityError =>
  new ServerIdentityError(message, { code: 'INVALID_ARGUMENT' });
