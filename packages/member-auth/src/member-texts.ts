import type { MemberAuthErrorCode } from './member-auth-error';

/**
 * What a FAILURE (or captcha) result's `error` says to the member, by the code of
 * its `cause`: what happened and what to do, without API words. The one place for
 * these texts; the developer's account (method, URL, the platform's message) is the
 * `cause`'s message. `Unknown state` is the spec's own text. The separate imports
 * (`/webauthn`, `/push`) give the texts of their own codes, so an app that does not
 * import them does not carry them.
 */
const TEXTS: Readonly<Record<string, string>> = {
  INVALID_EMAIL: 'Check the e-mail address and try again.',
  INVALID_PASSWORD: 'The password is missing or not right. Enter it again.',
  EMAIL_ALREADY_EXISTS:
    'An account with this e-mail address already exists. Log in, or reset your password.',
  RESET_PASSWORD_REQUIRED: 'This account needs a new password. Reset your password, then log in.',
  MISSING_CAPTCHA_TOKEN: 'Confirm that you are not a robot, then try again.',
  INVALID_CAPTCHA_TOKEN: 'Confirm that you are not a robot, then try again.',
  INVALID_ARGUMENT: 'Check what you entered and try again.',
  REQUEST_FAILED: 'That did not work. Check what you entered and try again.',
  UNKNOWN_STATE: 'Unknown state',
  NO_PENDING_VERIFICATION: 'There is no code to check any more. Log in again to get a new one.',
  NOT_LOGGED_IN: 'Log in first, then try again.',
  LOGIN_NOT_COMPLETED: 'You are logged in, but this page could not finish it. Reload the page.',
  NETWORK_ERROR: 'We could not reach the site. Check your connection and try again.',
  ABORTED: 'Stopped before it was done.',
  TOO_MANY_REQUESTS: 'Too many attempts. Wait a minute, then try again.',
  SITE_MISCONFIGURED: 'Logging in is not possible right now. Please try again later.',
};

/** The member's text for `code`; anything not listed is a fault on the site's side. */
export const memberText = (code: MemberAuthErrorCode): string =>
  // Own entries only: a code such as `constructor` (the platform's codes pass through) is not listed.
  Object.hasOwn(TEXTS, code)
    ? TEXTS[code]!
    : 'Something went wrong on our side. Try again in a moment.';
