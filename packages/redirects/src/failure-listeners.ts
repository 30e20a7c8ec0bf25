import type { Redirects } from '@site-identity/redirects';
import { internals } from './internals';
import { REDIRECT_SESSION_PATH, type RedirectsContext } from './redirects-context';

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
 * `run`, its rejection told to `ctx.failed` (set while someone listens) as `call`'s,
 * then passed on unchanged. @internal
 */
export const reported = <T>(ctx: RedirectsContext, call: RedirectsCall, run: Promise<T>) =>
  run.catch((error: unknown) => {
    ctx.failed?.(call, error);
    throw error;
  });

/** The listeners of each redirect client that has any (a client nobody listens to has none here, nor a `failed`). */
const heard = new WeakMap<RedirectsContext, Set<FailureListener>>();

/**
 * Tells every listener of `listeners` `failure`, each on its own microtask: a listener
 * that throws changes nothing of the call's result (its error is still seen, as an
 * uncaught one), and one removed meanwhile is not told.
 */
const tellFailure = (listeners: ReadonlySet<FailureListener>, failure: HeardFailure) => {
  for (const listener of listeners)
    queueMicrotask(() => {
      if (listeners.has(listener)) listener(failure);
    });
};

/**
 * The `failed` hook of a client with `listeners`: callers that share one run (a
 * `completeLogin` of one callback, a `silentLogin` of one session token, as React's
 * StrictMode calls them twice) reject with its one error, which is one failure, told once.
 */
function toldOnce(
  ctx: RedirectsContext,
  listeners: ReadonlySet<FailureListener>,
): NonNullable<RedirectsContext['failed']> {
  const told = new WeakSet();
  const base = ctx.sessionUrl.slice(0, -REDIRECT_SESSION_PATH.length);
  const sent = { clientId: ctx.clientId, base };
  return (call, error) => {
    if (typeof error === 'object' && error !== null) {
      if (told.has(error)) return;
      told.add(error);
    }
    tellFailure(listeners, { call, error, sent });
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
    const listeners = heard.get(ctx) ?? new Set();
    heard.set(ctx, listeners.add(listener));
    ctx.failed ??= toldOnce(ctx, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      heard.delete(ctx);
      ctx.failed = undefined;
    };
  };
}
