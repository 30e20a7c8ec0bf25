/**
 * How long a hidden-frame flow may take before it fails with 'OAuth flow timed
 * out': 120000 ms (2 minutes).
 *
 * @example
 * ```ts
 * import { OAUTH_FLOW_TIMEOUT_MS } from '@site-identity/redirects';
 * import type { Redirects } from '@site-identity/redirects';
 * declare const redirects: Redirects;
 * declare const sessionToken: string;
 *
 * await redirects.silentLogin(sessionToken, { timeoutMs: OAUTH_FLOW_TIMEOUT_MS / 4 });
 * ```
 */
export const OAUTH_FLOW_TIMEOUT_MS = 120_000;

/**
 * How long a session pre-warm counts: 604800000 ms (7 days), judged by a time
 * stamp in local storage.
 *
 * @example
 * ```ts
 * import { PREWARM_INTERVAL_MS } from '@site-identity/redirects';
 * declare const clientId: string;
 *
 * const stamp = Number(localStorage.getItem(`site-identity:${clientId}:prewarm`));
 * const due = Date.now() - stamp >= PREWARM_INTERVAL_MS;
 * ```
 */
export const PREWARM_INTERVAL_MS = 604_800_000;
