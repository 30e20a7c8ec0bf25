import { useEffect, useState } from 'react';
import type { LoginCompletion } from '@site-identity/redirects';
import { requireInstance, useIdentityContext } from './identity-context';
import { IdentityReactError } from './identity-react-error';
import type { LoginRedirector } from './instances';
import { hasLoginCallback } from './login-callback-url';

/**
 * Where {@link useLoginCallback} stands: `idle` (no callback in the URL, or
 * not yet looked: on a server and in the first client render), `pending`
 * (the code is being exchanged), `done` with the `result`, or `error`.
 *
 * @example
 * ```ts
 * import type { LoginCallbackState } from '@site-identity/react';
 * const busy = (s: LoginCallbackState) => s.status === 'pending';
 * ```
 */
export type LoginCallbackState =
  | { readonly status: 'idle' | 'pending'; readonly result?: undefined; readonly error?: undefined }
  | { readonly status: 'done'; readonly result: LoginCompletion; readonly error?: undefined }
  | { readonly status: 'error'; readonly result?: undefined; readonly error: Error };

/**
 * Options of {@link useLoginCallback}.
 *
 * @example
 * ```ts
 * import type { LoginCallbackOptions } from '@site-identity/react';
 * const options: LoginCallbackOptions = { url: 'https://shop.example/callback#code=…&state=…' };
 * ```
 */
export interface LoginCallbackOptions {
  /** The URL the hosted page returned to. Default: `location.href` when the effect runs. */
  readonly url?: string;
}

const IDLE: LoginCallbackState = { status: 'idle' };
const PENDING: LoginCallbackState = { status: 'pending' };

/**
 * Completions started, per redirect client and callback URL. A WeakMap keyed by
 * the client: nothing is shared between clients (or tests), nothing outlives
 * its client, and creating it touches nothing. @internal
 */
const started = /* @__PURE__ */ new WeakMap<
  LoginRedirector,
  Map<string, Promise<LoginCompletion>>
>();

/** `completeLogin(url)` at most once per client and URL; later calls share the first promise. @internal */
export function completeOnce(redirects: LoginRedirector, url: string): Promise<LoginCompletion> {
  let byUrl = started.get(redirects);
  if (!byUrl) started.set(redirects, (byUrl = new Map<string, Promise<LoginCompletion>>()));
  const completion = byUrl.get(url) ?? redirects.completeLogin(url);
  byUrl.set(url, completion);
  return completion;
}

/**
 * Completes the hosted login the page was sent back to, exactly once: the
 * code is exchanged a single time even when StrictMode runs effects twice or
 * the component mounts again, and after a reload the redirect client's own
 * guards (the flow is consumed, the code is stripped from the address bar)
 * keep it from happening again. Nothing happens when the URL carries no
 * callback. Render it on the page that is the `redirectUri`; needs
 * `<IdentityProvider redirects={…}>`.
 *
 * @example
 * ```tsx
 * import { useEffect } from 'react';
 * import { useLoginCallback } from '@site-identity/react';
 *
 * function CallbackPage() {
 *   const { status, result, error } = useLoginCallback();
 *   useEffect(() => {
 *     if (status === 'done') location.replace(result.originalUri ?? '/');
 *   }, [status, result]);
 *   if (status === 'error') return <p role="alert">Sign-in failed: {error.message}</p>;
 *   return <p>Signing you in…</p>;
 * }
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2 (authorization response)
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.5 (code exchange with the verifier)
 */
export function useLoginCallback(options: LoginCallbackOptions = {}): LoginCallbackState {
  const redirects = requireInstance(
    useIdentityContext('useLoginCallback'),
    'redirects',
    'useLoginCallback',
  );
  const [state, setState] = useState(IDLE);
  const { url } = options;

  useEffect(() => {
    const href = url ?? window.location.href;
    if (!hasLoginCallback(href)) return;
    let active = true;
    setState(PENDING);
    completeOnce(redirects, href).then(
      (result) => active && setState({ status: 'done', result }),
      (error: unknown) =>
        active &&
        setState({
          status: 'error',
          error:
            error instanceof Error
              ? error
              : new IdentityReactError('The login could not be completed', {
                  code: 'ACTION_FAILED',
                  cause: error,
                }),
        }),
    );
    return () => {
      active = false;
    };
  }, [redirects, url]);

  return state;
}
