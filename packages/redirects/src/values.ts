import { attempt, requiredString } from '@site-identity/http/internal';
import { invalidArgument } from './redirects-error';

export { attempt };

/** `value` when it is a non-empty string; otherwise `INVALID_ARGUMENT`, '<name> must be a non-empty string; got …'. */
export const text = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);
