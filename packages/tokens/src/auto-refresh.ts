import type { AutoRefresh } from '@site-identity/tokens';
import { invalid, isRecord } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';
import { createAutoRefresh } from './refresh-timer';

/**
 * Automatic renewal, for the manager's `autoRefresh` option: the access token is
 * renewed shortly before it expires (within `leewaySeconds`) while the page is
 * visible, and at once when the page shows or goes online again after it fell due.
 * A failed renewal is tried again after a growing wait (from 5 s up to 2 minutes,
 * with jitter), shown as `snapshot.nextRetryAt`; new tokens end the wait. A separate
 * import, so that an app that renews on demand does not carry it. The manager calls
 * it with its session; called with anything else, it throws `INVALID_ARGUMENT`.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { autoRefresh } from '@site-identity/tokens/auto-refresh';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id', autoRefresh });
 * ```
 */
export const autoRefresh: AutoRefresh = (session) => {
  const { renew, dueInMs, retrying } = Object(session) as Partial<typeof session>;
  if (
    !isRecord(session) ||
    typeof renew !== 'function' ||
    typeof dueInMs !== 'function' ||
    typeof retrying !== 'function'
  )
    throw invalid(
      {
        name: 'session',
        expected:
          "the token manager's session { renew, dueInMs, retrying } (give autoRefresh to createTokenManager as its autoRefresh option)",
        value: session,
      },
      invalidArgument,
    );
  return createAutoRefresh(renew, dueInMs, retrying);
};
