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
  | 'MEMBER_EXISTS'
  | 'MEMBER_NOT_FOUND'
  | 'INVALID_FAULT'
  | 'INVALID_SETTING'
  | 'SERVER_START_FAILED'
  | 'HOSTED_SIGN_IN_FAILED'
  | 'NOT_ON_HOSTED_PAGE';

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
export class MockPlatformError extends Error {
  override name = 'MockPlatformError' as const;
  /** What went wrong, for code to branch on. */
  readonly code: MockPlatformErrorCode | (string & {});

  constructor(
    code: MockPlatformErrorCode | (string & {}),
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Tells whether `value` is a {@link MockPlatformError}, also across realms (it
 * checks the `name`, not the prototype chain).
 *
 * @example
 * ```ts
 * import { isMockPlatformError } from '@site-identity/mock-platform';
 * declare const error: unknown;
 * if (isMockPlatformError(error) && error.code === 'INVALID_OPTION') throw error;
 * ```
 */
export function isMockPlatformError(value: unknown): value is MockPlatformError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { name?: unknown }).name === 'MockPlatformError' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
