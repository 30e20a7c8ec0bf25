import { MemberAuthError, type KnownMemberAuthErrorCode } from './member-auth-error';

/** Longest e-mail address a mailbox can have (RFC 5321 §4.5.3.1.3: 254 octets of path). */
const MAX_EMAIL_LENGTH = 254;

/** `local@domain.tld`: no white space, one `@`, a dot in the domain, no empty label. */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

/**
 * Whether `value` looks like an e-mail address: a string of at most 254
 * characters, `local@domain.tld`, without white space. The platform checks the
 * rest.
 *
 * @example
 * ```ts
 * import { isValidEmail } from '@site-identity/member-auth';
 *
 * isValidEmail('ada@example.com'); // true
 * isValidEmail('ada@example'); // false
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc5321#section-4.5.3.1.3
 */
export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}

/** A string with at least one character; passwords are never trimmed. */
export const isFilled = (value: unknown): value is string =>
  typeof value === 'string' && value !== '';

/** `email` when it is a valid e-mail address ({@link isValidEmail}); `INVALID_EMAIL` otherwise. */
export function checkEmail(email: unknown): string {
  if (isValidEmail(email)) return email;
  throw refused('INVALID_EMAIL', 'Enter a valid e-mail address, like name@example.com');
}

/** `password` when it is filled ({@link isFilled}); `INVALID_PASSWORD` otherwise. */
export function checkPassword(password: unknown): string {
  if (isFilled(password)) return password;
  throw refused('INVALID_PASSWORD', 'Enter a password');
}

/**
 * Checks an e-mail and a password before any request: throws `INVALID_EMAIL`, then
 * `INVALID_PASSWORD`, with the member's words (never the value: it may be the password).
 */
export function checkCredentials(email: unknown, password: unknown): void {
  checkEmail(email);
  checkPassword(password);
}

/** `NO_PENDING_VERIFICATION`: no e-mail verification flow to continue. */
export const noPendingVerification = (): MemberAuthError =>
  refused(
    'NO_PENDING_VERIFICATION',
    'No e-mail verification is in progress: log in or register first',
  );

/** A {@link MemberAuthError} for bad input found before any request. */
export function refused(code: KnownMemberAuthErrorCode, message: string): MemberAuthError {
  return new MemberAuthError(message, { code });
}
