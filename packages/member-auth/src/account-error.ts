import { toPlatformError, type PlatformError } from '@site-identity/http';
import { transportCode } from './error-catalogue';
import { isMemberAuthError, MemberAuthError } from './member-auth-error';

/**
 * The {@link MemberAuthError} a call without a result type rejects with: the
 * error itself when it is one already, else one holding the platform's error,
 * with code `NETWORK_ERROR`, `SERVER_ERROR` or `REQUEST_FAILED` and the platform's
 * message and request id. An abort is not wrapped: it stays the one abort error
 * of every package, http's `PlatformError` `ABORTED`.
 */
export function toMemberAuthError(error: unknown): MemberAuthError | PlatformError {
  if (isMemberAuthError(error)) return error;
  const platform = toPlatformError(error);
  if (platform.kind === 'aborted') return platform;
  const requestId = (error as { requestId?: unknown } | null)?.requestId;
  const own = error instanceof Error ? error.message : '';
  return new MemberAuthError(own || platform.message, {
    code: transportCode(platform, 'REQUEST_FAILED'),
    requestId: typeof requestId === 'string' ? requestId : undefined,
    cause: error,
  });
}

/** Runs `call`, rejecting only with a {@link MemberAuthError} (or the one abort error). */
export async function rejectingWithMemberAuthError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toMemberAuthError(error);
  }
}
