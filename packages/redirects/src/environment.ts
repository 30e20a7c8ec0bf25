import { attempt } from './values';

/**
 * Where a message goes when something is worth knowing but not worth throwing for
 * (a failed pre-warm). Defaults to `console`.
 *
 * @example
 * ```ts
 * import type { RedirectsLogger } from '@site-identity/redirects';
 * declare const telemetry: { track(event: string, detail: string): void };
 *
 * const logger: RedirectsLogger = { warn: (message) => telemetry.track('redirects', message) };
 * ```
 */
export interface RedirectsLogger {
  warn(message: string, ...details: unknown[]): void;
}

/**
 * The browser seams of `createRedirects`. Every one is optional and read lazily,
 * at call time, never at import: a server render or a test can inject its own.
 *
 * @example
 * ```ts
 * import { createRedirects } from '@site-identity/redirects';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const clientId: string;
 * declare const tokens: TokenManager;
 * declare const router: { push(url: string): void };
 *
 * const redirects = createRedirects({
 *   clientId,
 *   tokens,
 *   navigate: (url) => router.push(url),
 *   storage: { session: window.sessionStorage, local: window.localStorage },
 * });
 * ```
 */
export interface RedirectsEnvironment {
  /** The window that hosts hidden frames, listens for messages and owns `location` / `history`. Default: the global `window`. */
  readonly window?: Window;
  /** Flow records go to `session` (default `window.sessionStorage`), the pre-warm time stamp to `local` (default `window.localStorage`). */
  readonly storage?: { readonly session?: Storage; readonly local?: Storage };
  /** Leaves the page for the hosted login page. Default: `window.location.assign(url)`. */
  readonly navigate?: (url: string) => void;
  /** Default: `console`. */
  readonly logger?: RedirectsLogger;
  /** Epoch milliseconds. Default: `Date.now`. */
  readonly now?: () => number;
}

/** The injected window, else the global one, else `undefined` (server, worker). */
export function windowOf(env: RedirectsEnvironment): Window | undefined {
  return env.window ?? globalThis.window;
}

/** One of the window's storages; `undefined` where there is none or reading it throws (sandboxed frame, privacy mode). */
export const storageOf = (
  env: RedirectsEnvironment,
  kind: 'session' | 'local',
): Storage | undefined =>
  env.storage?.[kind] || attempt(() => windowOf(env)?.[`${kind}Storage` as const]);
