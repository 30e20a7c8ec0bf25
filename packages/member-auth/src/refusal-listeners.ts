import type { ConfigurationRefusal } from './configuration-refusal';
import type { CatalogueCall } from './error-catalogue';
import { internals } from './internals';
import type { MemberAuth } from '@site-identity/member-auth';

/**
 * A refusal caused by the app's configuration, as a listener hears it: the diagnosis
 * (`cause`, `fix`, the `error` that said so) and the `call` it refused.
 *
 * @example
 * ```ts
 * import type { HeardRefusal } from '@site-identity/member-auth/internal';
 * const line = ({ call, cause, fix }: HeardRefusal) => `${call}: ${cause}; to fix it, ${fix}`;
 * ```
 */
export interface HeardRefusal extends ConfigurationRefusal {
  /** The call refused: `register`, `login`, or `verify` (`verifyEmail`, `verifyFactor`). */
  readonly call: CatalogueCall;
}

/**
 * Hears each refusal of a member client's login calls caused by the app's configuration.
 *
 * @example
 * ```ts
 * import type { RefusalListener } from '@site-identity/member-auth/internal';
 * const listener: RefusalListener = (refusal) => console.warn(refusal.cause);
 * ```
 */
export type RefusalListener = (refusal: HeardRefusal) => void;

/**
 * The refusals of `memberAuth`'s `register`, `login`, `verifyEmail` and
 * `verifyFactor` caused by the app's configuration (the calls that resolve with
 * `SITE_MISCONFIGURED`), for a development panel: returns the function that adds a
 * listener and returns its removal. Nothing is kept while nobody listens. Internal:
 * not public API.
 *
 * @throws MemberAuthError `INVALID_ARGUMENT` when `memberAuth` was not made by `createMemberAuth`
 * @example
 * ```ts
 * import { createMemberAuth } from '@site-identity/member-auth';
 * import { configurationRefusals } from '@site-identity/member-auth/internal';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const memberAuth = createMemberAuth({ tokens, redirects: createRedirects({ tokens }) });
 * const stop = configurationRefusals(memberAuth)(({ call, cause, fix }) =>
 *   console.warn(`${call} refused: ${cause}; to fix it, ${fix}`),
 * );
 * stop();
 * ```
 */
export function configurationRefusals(
  memberAuth: MemberAuth,
): (listener: RefusalListener) => () => void {
  const { refusalListeners } = internals.borrow(memberAuth);
  return (listener) => {
    refusalListeners.add(listener);
    return () => void refusalListeners.delete(listener);
  };
}
