import { createAutoRefresh } from './refresh-timer';
import type { AutoRefresh } from '@site-identity/tokens';

/**
 * Automatic renewal, for the manager's `autoRefresh` option: the access token is
 * renewed shortly before it expires (within `leewaySeconds`) while the page is
 * visible, and at once when the page shows or goes online again after it fell due.
 * A failed renewal is tried again after a growing wait (from 5 s up to 2 minutes,
 * with jitter), shown as `snapshot.nextRetryAt`; new tokens end the wait. A separate
 * import, so that an app that renews on demand does not carry it.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { autoRefresh } from '@site-identity/tokens/auto-refresh';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id', autoRefresh });
 * ```
 */
export const autoRefresh: AutoRefresh = ({ renew, dueInMs, retrying }) =>
  createAutoRefresh(renew, dueInMs, retrying);
