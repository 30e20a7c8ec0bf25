import {
  attempt,
  describeValue,
  requiredString,
  signalOf as checkedSignal,
} from '@site-identity/http/internal';
import { fail, type RedirectsError } from './redirects-error';

export { attempt };

/** `value` when it is a non-empty string, else `undefined`. */
export const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `INVALID_ARGUMENT` with a finished message: the `invalid` of http's shared checks. */
export const invalidArgument = (message: string, cause?: unknown): RedirectsError =>
  fail('INVALID_ARGUMENT', message, cause);

/** `value` when it is a non-empty string; otherwise `INVALID_ARGUMENT`, '<name> must be a non-empty string; got …'. */
export const text = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);

/** Throws `INVALID_ARGUMENT` with the message '<name> must be <what>; got <value>'. */
export function invalid(name: string, what: string, value: unknown, cause?: unknown): never {
  throw invalidArgument(`${name} must be ${what}; got ${describeValue(value)}`, cause);
}

/** The `signal` of a call's options, checked: an `AbortSignal` or nothing. */
export const signalOf = (given: unknown): AbortSignal | undefined =>
  checkedSignal(given, invalidArgument);

/** `ABORTED`: the caller's `signal` fired; its reason is the cause. */
export const abortedBy = (signal: AbortSignal): RedirectsError =>
  fail('ABORTED', 'The call was aborted by its signal', signal.reason);
