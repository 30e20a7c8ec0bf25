import { attempt, requiredString } from '@site-identity/http/internal';
import { fail, type RedirectsError } from './redirects-error';

export { attempt };

/** `INVALID_ARGUMENT` with a finished message: the `make` of http's shared checks. */
export const invalidArgument = (message: string, cause?: unknown): RedirectsError =>
  fail('INVALID_ARGUMENT', message, cause);

/** `value` when it is a non-empty string; otherwise `INVALID_ARGUMENT`, '<name> must be a non-empty string; got …'. */
export const text = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);
