import { isSiteIdentityError, SiteIdentityError } from '@site-identity/http';
/**
 * The machine-readable codes a {@link MockPlatformError} carries.
 *
 * @example
 * ```ts
 * import type { MockPlatformErrorCode } from '@site-identity/mock-platform';
 * const code: MockPlatformErrorCode = 'MEMBER_EXISTS';
 * ```
 */
export type MockPlatformErrorCode =
  | 'INVALID_OPTION'
  | 'INVALID_MEMBER'
  | 'INVALID_COLLECTION'
  | 'MEMBER_EXISTS'
  | 'MEMBER_NOT_FOUND'
  | 'INVALID_FAULT'
  | 'INVALID_SETTING'
  | 'SERVER_START_FAILED'
  | 'HOSTED_SIGN_IN_FAILED'
  | 'NOT_ON_HOSTED_PAGE'
  | 'INVALID_PASSKEY'
  | 'PUSH_NOT_FOUND';

/**
 * What a {@link MockPlatformError} is built from.
 *
 * @example
 * ```ts
 * import { MockPlatformError, type MockPlatformErrorInit } from '@site-identity/mock-platform';
 * const init: MockPlatformErrorInit = { code: 'INVALID_SETTING' };
 * throw new MockPlatformError('captcha must be one of off, invisible, visible; got "on"', init);
 * ```
 */
export interface MockPlatformErrorInit {
  readonly code: MockPlatformErrorCode | (string & {});
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
}

/**
 * The one error class of the emulator: thrown for bad options, bad test set-up
 * (a duplicate member, an unknown e-mail) and a server that cannot start. Requests
 * to the emulated platform never throw it; they get the platform's error answers.
 *
 * @example
 * ```ts
 * import { isMockPlatformError } from '@site-identity/mock-platform';
 * import type { MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * try {
 *   platform.state.approveMember('nobody@example.com');
 * } catch (error) {
 *   if (isMockPlatformError(error)) console.log(error.code); // 'MEMBER_NOT_FOUND'
 * }
 * ```
 */
export class MockPlatformError extends SiteIdentityError {
  /** The name this class adds to the brand of its errors, and their `name`. */
  static override readonly brand: string = 'MockPlatformError';
  declare name: 'MockPlatformError';
  /** What went wrong, for code to branch on. */
  declare readonly code: MockPlatformErrorCode | (string & {});

  // Not useless: it narrows the init to a MockPlatformErrorInit, so the type constrains what the error is built from.
  // eslint-disable-next-line @typescript-eslint/no-useless-constructor
  constructor(message: string, init: MockPlatformErrorInit) {
    super(message, init);
  }
}

/**
 * Tells whether `value` is a {@link MockPlatformError}, also from another realm,
 * another copy of this package or a subclass (it checks the one brand of
 * `SiteIdentityError` and the `code`; not the prototype chain).
 *
 * @example
 * ```ts
 * import { isMockPlatformError } from '@site-identity/mock-platform';
 * declare const error: unknown;
 * if (isMockPlatformError(error) && error.code === 'INVALID_OPTION') throw error;
 * ```
 */
export function isMockPlatformError(value: unknown): value is MockPlatformError {
  return isSiteIdentityError(value, 'MockPlatformError');
}
