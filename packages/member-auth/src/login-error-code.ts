import type { MemberAuthErrorCode } from './member-auth-error';

/**
 * The `errorCode` names of the spec's error catalogue, as a {@link LoginResult}
 * carries them: the one place where a {@link MemberAuthError}'s SCREAMING_SNAKE
 * `code` becomes the catalogue's name.
 *
 * | `cause.code` | `errorCode` |
 * |---|---|
 * | `INVALID_EMAIL` | `invalidEmail` |
 * | `INVALID_PASSWORD` | `invalidPassword` |
 * | `EMAIL_ALREADY_EXISTS` | `emailAlreadyExists` |
 * | `RESET_PASSWORD_REQUIRED` | `resetPassword` |
 * | `MISSING_CAPTCHA_TOKEN` | `missingCaptchaToken` |
 * | `INVALID_CAPTCHA_TOKEN` | `invalidCaptchaToken` |
 *
 * Every other code is the `errorCode` as it is (`NETWORK_ERROR`, `UNKNOWN_STATE`, …).
 */
const CATALOGUE_NAMES = {
  INVALID_EMAIL: 'invalidEmail',
  INVALID_PASSWORD: 'invalidPassword',
  EMAIL_ALREADY_EXISTS: 'emailAlreadyExists',
  RESET_PASSWORD_REQUIRED: 'resetPassword',
  MISSING_CAPTCHA_TOKEN: 'missingCaptchaToken',
  INVALID_CAPTCHA_TOKEN: 'invalidCaptchaToken',
} as const;

/**
 * The spec's catalogue names of a {@link LoginResult}'s `errorCode`.
 *
 * @example
 * ```ts
 * import type { CatalogueErrorCode } from '@site-identity/member-auth';
 *
 * const askAgain: CatalogueErrorCode[] = ['invalidEmail', 'invalidPassword'];
 * ```
 */
export type CatalogueErrorCode = (typeof CATALOGUE_NAMES)[keyof typeof CATALOGUE_NAMES];

/**
 * A FAILURE or captcha {@link LoginResult}'s `errorCode`: the spec's catalogue name
 * (`invalidEmail`, `emailAlreadyExists`, `resetPassword`, …) for a catalogue
 * failure, else the {@link MemberAuthError}'s code (`NETWORK_ERROR`, `UNKNOWN_STATE`, …).
 *
 * @example
 * ```ts
 * import type { LoginErrorCode } from '@site-identity/member-auth';
 *
 * const retryLater: LoginErrorCode[] = ['NETWORK_ERROR', 'TOO_MANY_REQUESTS'];
 * ```
 */
export type LoginErrorCode = CatalogueErrorCode | MemberAuthErrorCode;

/** The `errorCode` a result carries for an error with `code`. */
export function loginErrorCode(code: MemberAuthErrorCode): LoginErrorCode {
  return Object.hasOwn(CATALOGUE_NAMES, code)
    ? CATALOGUE_NAMES[code as keyof typeof CATALOGUE_NAMES]
    : code;
}
