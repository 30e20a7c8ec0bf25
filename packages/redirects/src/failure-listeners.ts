import { tellEach } from '@site-identity/http/internal';
import type { Redirects } from '@site-identity/redirects';
import { internals } from './internals';
import type { RedirectsContext } from './redirects-context';

/**
 * A call of a redirect client, named as the app calls it: a method of the client, or
 * a separate import that takes it (`loginWithPopup`, `prewarm`).
 *
 * @example
 * ```ts
 * import type { RedirectsCall } from '@site-identity/redirects/internal';
 * const call: RedirectsCall = 'silentLogin';
 * ```
 */
export type RedirectsCall = keyof Redirects | 'loginWithPopup' | 'prewarm';

/**
 * A failed call of a redirect client, as a listener hears it: the `call` and the
 * `error` it ended with (a `prewarm`, which never rejects: the error it reported to
 * the client's logger).
 *
 * @example
 * ```ts
 * import type { HeardFailure } from '@site-identity/redirects/internal';
 * const line = ({ call, error }: HeardFailure) => `${call}: ${String(error)}`;
 * ```
 */
export interface HeardFailure {
  readonly call: RedirectsCall;
  readonly error: unknown;
  /**
   * What the redirect client sends: its client id and API base (its own `apiBaseUrl`,
   * else the token manager's; without a trailing slash), which a diagnosis names.
   */
  readonly sent: { readonly clientId: string; readonly base: string };
}

/**
 * Hears each failed call of a redirect client.
 *
 * @example
 * ```ts
 * import type { FailureListener } from '@site-identity/redirects/internal';
 * const listener: FailureListener = ({ call }) => console.warn(`${call} failed`);
 * ```
 */
export type FailureListener = (failure: HeardFailure) => void;

/**
 * The listeners of a redirect client's failures, and how a failure reaches them: what
 * its context holds while someone listens (nothing while nobody does). @internal
 */
export interface HeardFailures {
  readonly listeners: Set<FailureListener>;
  /** Tells the listeners that `call` ended with `error`. */
  tell(call: RedirectsCall, error: unknown): void;
}

/**
 * `run`, its rejection told to the client's listeners (when it has any) as `call`'s,
 * then passed on unchanged. @internal
 */
export const reported = <T>(ctx: RedirectsContext, call: RedirectsCall, run: Promise<T>) =>
  run.catch((error: unknown) => {
    ctx.failures?.tell(call, error);
    throw error;
  });

/**
 * The failures heard of the client of `ctx`, with what it sends (its client id and API
 * base). Callers that share one run (a `completeLogin` of one callback, a `silentLogin`
 * of one session token, as React's StrictMode calls them twice) reject with its one
 * error, which is one failure, told once.
 */
function heardFailures(ctx: RedirectsContext): HeardFailures {
  const listeners = new Set<FailureListener>();
  const told = new WeakSet();
  const sent = { clientId: ctx.clientId, base: ctx.base };
  return {
    listeners,
    tell(call, error) {
      if (typeof error === 'object' && error !== null) {
        if (told.has(error)) return;
        told.add(error);
      }
      tellEach(listeners, { call, error, sent });
    },
  };
}

/**
 * The failures of `redirects`'s calls, for a development panel: returns the function
 * that adds a listener and returns its removal. Each call of the client (its methods,
 * `loginWithPopup`, `prewarm`) that ends with an error tells it, with the error as the
 * app sees it; telling which failures the app's configuration caused (a hidden frame
 * or a popup the platform never answered, a redirect URI it refused, an unpublished
 * site) is the reader's rule (`configurationRefusal` of
 * `@site-identity/member-auth/internal`). Nothing is kept while nobody listens: the
 * client's calls then tell no one.
 * Internal: not public API.
 *
 * @throws RedirectsError `INVALID_ARGUMENT` when `redirects` was not made by `createRedirects`
 * @example
 * ```ts
 * import { createRedirects } from '@site-identity/redirects';
 * import { callFailures } from '@site-identity/redirects/internal';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const redirects = createRedirects({ tokens: createTokenManager({ clientId: 'my-client-id' }) });
 * const stop = callFailures(redirects)(({ call, error }) => console.warn(`${call} failed`, error));
 * stop();
 * ```
 */
export function callFailures(redirects: Redirects): (listener: FailureListener) => () => void {
  const ctx = internals.borrow(redirects);
  return (listener) => {
    const failures = (ctx.failures ??= heardFailures(ctx));
    failures.listeners.add(listener);
    return () => {
      failures.listeners.delete(listener);
      // The last one gone: nothing kept, and the client's calls tell no one.
      if (failures.listeners.size === 0 && ctx.failures === failures) ctx.failures = undefined;
    };
  };
}
