import { fail } from './redirects-error';

/** `value` when it is a non-empty string, else `undefined`. */
export const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `value` when it is a non-empty string; otherwise `INVALID_ARGUMENT`, '<name> must be a non-empty string'. */
export const text = (value: unknown, name: string): string =>
  nonEmpty(value) ?? invalid(name, 'a non-empty string');

/** Throws `INVALID_ARGUMENT` with the message '<name> must be <what>'. */
export function invalid(name: string, what: string, cause?: unknown): never {
  throw fail('INVALID_ARGUMENT', `${name} must be ${what}`, cause);
}

/** The result of `task`, or `undefined` when it throws (a storage that refuses, text that is not JSON). */
export function attempt<T>(task: () => T): T | undefined {
  try {
    return task();
  } catch {
    return undefined;
  }
}
