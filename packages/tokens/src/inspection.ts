import type { InspectionListener, TokenManager } from '@site-identity/tokens';
import { createInspector } from './inspector';
import { internals } from './internals';

/**
 * Hears what the token manager does, for a development panel, logs or traces: every
 * session change, each token request of a renewal with its duration and outcome,
 * hand-offs between tabs, automatic renewal's back-off, typed errors and a page
 * restored from the back/forward cache (see `InspectionEvent`). Events are
 * stamped with the manager's clock and never carry a token value; a listener that
 * throws cannot stop the manager or the other listeners. Nothing is read or requested
 * by listening. Returns the function that stops listening. A separate import, so that an app that does not inspect its
 * session does not carry it: the manager reports nothing until `inspect` is called.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { inspect } from '@site-identity/tokens/inspection';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id' });
 * const stop = inspect(manager, (event) => {
 *   if (event.type === 'renewal-end') console.debug(event.grant, event.outcome, event.durationMs);
 * });
 * stop();
 * ```
 */
export function inspect(manager: TokenManager, listener: InspectionListener): () => void {
  return internals.borrow(manager).observe(createInspector).inspect(listener);
}
