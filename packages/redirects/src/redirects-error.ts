import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';
/**
 * The codes this package assigns. Anything else that may appear in `code` (a
 * hosted page's `error`, a future code) keeps the type open with `(string & {})`.
 *
 * - `MISSING_CODE_OR_STATE`: the callback URL lacks `code` or `state`.
 * - `INVALID_STATE`: the callback's `state` matches no stored flow (unknown or already used).
 * - `AUTHORIZATION_ERROR`: the hosted page answered with `error` / `error_description`.
 * - `OAUTH_FLOW_TIMED_OUT`: the hidden frame did not answer within the time-out.
 * - `FRAME_NOT_ANSWERED`: the hosted page loaded in the hidden frame and posted no answer
 *   within 3 s: the page's origin is not among the app's allowed domains, or the
 *   redirect URI is not registered (the message names both and the settings to change).
 * - `ORIGIN_NOT_ALLOWED`: the popup login's check page (a `prompt: 'none'` hosted page, shown
 *   first in the popup) opened and posted no answer within 3 s: the platform does not answer
 *   this page's origin (not among the app's allowed domains) or the redirect URI (not
 *   registered). The message names both and the settings to change; the popup is closed.
 * - `NO_REDIRECT_URL`: the redirect session came back without a `fullUrl`.
 * - `LOGOUT_URL_UNAVAILABLE`: logged out locally, but no logout URL could be created.
 * - `INVALID_ARGUMENT`: a call was given bad input.
 * - `NOT_IN_BROWSER`: the call needs a `window` and none was found or injected.
 * - `STORAGE_UNAVAILABLE`: session storage could not be read or written.
 * - `POPUP_BLOCKED`: the browser refused to open the login popup (not called in a click).
 * - `POPUP_CLOSED`: the member closed the login popup before the login completed.
 *
 * A call aborted by its `signal` (a popup login, a silent login's wait, a platform
 * request) rejects with the one abort error of every package: http's `PlatformError`
 * of kind `aborted`, code `ABORTED`.
 *
 * @example
 * ```ts
 * import type { KnownRedirectsErrorCode } from '@site-identity/redirects';
 *
 * const startOver: KnownRedirectsErrorCode[] = ['INVALID_STATE', 'MISSING_CODE_OR_STATE'];
 * ```
 */
export type KnownRedirectsErrorCode =
  | 'MISSING_CODE_OR_STATE'
  | 'INVALID_STATE'
  | 'AUTHORIZATION_ERROR'
  | 'OAUTH_FLOW_TIMED_OUT'
  | 'FRAME_NOT_ANSWERED'
  | 'ORIGIN_NOT_ALLOWED'
  | 'NO_REDIRECT_URL'
  | 'LOGOUT_URL_UNAVAILABLE'
  | 'INVALID_ARGUMENT'
  | 'NOT_IN_BROWSER'
  | 'STORAGE_UNAVAILABLE'
  | 'POPUP_BLOCKED'
  | 'POPUP_CLOSED';

/**
 * A `RedirectsError`'s `code`.
 *
 * @example
 * ```ts
 * import type { RedirectsErrorCode } from '@site-identity/redirects';
 *
 * const code: RedirectsErrorCode = 'OAUTH_FLOW_TIMED_OUT';
 * ```
 */
export type RedirectsErrorCode = KnownRedirectsErrorCode | (string & {});

/**
 * What a `RedirectsError` is built from.
 *
 * @example
 * ```ts
 * import { RedirectsError, type RedirectsErrorInit } from '@site-identity/redirects';
 *
 * const init: RedirectsErrorInit = { code: 'INVALID_STATE' };
 * throw new RedirectsError('Invalid _state', init);
 * ```
 */
export interface RedirectsErrorInit {
  readonly code: RedirectsErrorCode;
  /** The hosted page's `error`, for `AUTHORIZATION_ERROR`. */
  readonly error?: string;
  /** The hosted page's `error_description`, for `AUTHORIZATION_ERROR`. */
  readonly errorDescription?: string;
  /** The request id of the platform answer behind the error, when there was one. */
  readonly requestId?: string | undefined;
  readonly cause?: unknown;
}

/**
 * The one error this package throws for what it decides itself. Failures of the
 * platform call pass through as `PlatformError` (from `@site-identity/http`), and a
 * rejected code exchange as the token endpoint's error. Messages never contain a
 * token, a code or a code verifier.
 *
 * @example
 * ```ts
 * import { isRedirectsError } from '@site-identity/redirects';
 * import type { Redirects } from '@site-identity/redirects';
 * declare const redirects: Redirects;
 * declare const redirectUri: string;
 *
 * try {
 *   await redirects.completeLogin();
 * } catch (error) {
 *   if (isRedirectsError(error) && error.code === 'INVALID_STATE') await redirects.loginWithRedirect({ redirectUri });
 * }
 * ```
 */
export class RedirectsError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'RedirectsError';
  declare name: 'RedirectsError';
  declare readonly code: RedirectsErrorCode;
  /** The hosted page's `error`, for `AUTHORIZATION_ERROR`. */
  declare readonly error: string | undefined;
  /** The hosted page's `error_description`, for `AUTHORIZATION_ERROR`. */
  declare readonly errorDescription: string | undefined;
  /** The request id of the platform answer behind the error, when there was one. */
  declare readonly requestId: string | undefined;

  constructor(message: string, init: RedirectsErrorInit) {
    super(message, {
      error: undefined,
      errorDescription: undefined,
      requestId: undefined,
      ...init,
    });
  }
}

/**
 * Whether `value` is a {@link RedirectsError}, also one from another realm (an
 * iframe) or another copy of this package: it checks the one brand of
 * `SiteIdentityError` and a string `code`, not the prototype.
 *
 * @example
 * ```ts
 * import { isRedirectsError } from '@site-identity/redirects';
 * import type { Redirects } from '@site-identity/redirects';
 * declare const redirects: Redirects;
 * declare const sessionToken: string;
 * declare function showRetry(...args: unknown[]): unknown;
 *
 * redirects.silentLogin(sessionToken).catch((error) => {
 *   if (isRedirectsError(error) && error.code === 'OAUTH_FLOW_TIMED_OUT') showRetry();
 * });
 * ```
 */
export function isRedirectsError(value: unknown): value is RedirectsError {
  return isSiteIdentityError(value, 'RedirectsError');
}

/** Shorthand for the errors raised inside this package. */
export const fail = (
  code: KnownRedirectsErrorCode,
  message: string,
  cause?: unknown,
): RedirectsError => new RedirectsError(message, { code, cause });

/** `INVALID_ARGUMENT` with a finished message: the `make` of http's shared checks. */
export const invalidArgument = (message: string, cause?: unknown): RedirectsError =>
  fail('INVALID_ARGUMENT', message, cause);
