import { DEFAULT_API_BASE_URL, type FetchLike } from '@site-identity/http';
import {
  absoluteUrl,
  fragmentFreeUrl,
  clientIdOf,
  keyedFlight,
  timeoutMs as checkTimeoutMs,
  invalid,
} from '@site-identity/http/internal';
import { windowOf } from './environment';
import type { HeardFailures } from './failure-listeners';
import { TEST_WINDOW_HINT } from './hidden-frame';

/** Where a login that needs a browser goes on a server, said where no window is found. */
const SERVER_HINT =
  'on a server, sign members in with @site-identity/server (createServerIdentity, whose login routes complete the login with a top-level redirect and keep the session in a cookie)';
import { fail, invalidArgument } from './redirects-error';
import type { RedirectsOptions, RedirectsTokens } from './redirects-types';

/** What every call of one redirect client shares: its checked settings and its runs in flight. */
export interface RedirectsContext {
  /** The options as given: the browser seams (`window`, `storage`, `navigate`, `logger`, `now`) are read from them per call. */
  readonly options: RedirectsOptions;
  readonly clientId: string;
  readonly manager: RedirectsTokens;
  /** The checked API base (its own `apiBaseUrl`, else the token manager's), without a trailing slash. */
  readonly base: string;
  /** `<base>/_api/redirects-api/v1/redirect-session`. */
  readonly sessionUrl: string;
  readonly fetch: FetchLike | undefined;
  /** The runs in flight, by key: callers that come while one runs share its promise. */
  readonly once: ReturnType<typeof keyedFlight>;
  /** The listeners of the calls' failures: set by `callFailures` of the internal entry while someone listens. */
  failures?: HeardFailures | undefined;
  /**
   * The redirect URIs whose popup check page answered: the platform answers this page
   * for them (set by the `/popup` import's check, which then runs once per page).
   */
  answeredRedirectUris?: Set<string> | undefined;
}

/** `value` as a URL when it is an absolute http(s) URL (a fragment allowed). */
export const httpUrl = (value: unknown, name: string): URL =>
  absoluteUrl(value, name, invalidArgument);

/** `value` as a URL when it is a redirect URI: an absolute http(s) URL without a fragment. */
export const redirectUrl = (value: unknown): URL =>
  fragmentFreeUrl(value, 'redirectUri', invalidArgument);

/**
 * The redirect URI of a flow in a frame or popup: as given, else the page's origin;
 * checked, and kept as given (the platform matches it exactly, so it is never normalised).
 */
export function flowRedirectUri(given: string | undefined, win: Window): string {
  const redirectUri = given ?? win.location.origin;
  redirectUrl(redirectUri);
  return redirectUri;
}

/** `value` as a time-out in milliseconds; `INVALID_ARGUMENT` naming `timeoutMs` otherwise. */
export const checkTimeout = (value: unknown): number =>
  checkTimeoutMs(value, 'timeoutMs', invalidArgument);

/** The redirect-session endpoint's path under the API base. */
const REDIRECT_SESSION_PATH = '/_api/redirects-api/v1/redirect-session';

/** Checks the options of `createRedirects` and makes the context of its calls. */
export function createContext(options: RedirectsOptions): RedirectsContext {
  const manager = options?.tokens;
  const clientId = clientIdOf(options?.clientId, manager, invalidArgument);
  if (typeof manager?.getAccessToken !== 'function' || typeof manager.exchangeCode !== 'function') {
    throw invalid(
      { name: 'tokens', expected: 'a token manager of @site-identity/tokens', value: manager },
      invalidArgument,
    );
  }
  const base = absoluteUrl(
    options.apiBaseUrl ?? manager.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    'apiBaseUrl',
    invalidArgument,
  ).href.replace(/\/+$/, '');
  return {
    options,
    clientId,
    manager,
    base,
    sessionUrl: `${base}${REDIRECT_SESSION_PATH}`,
    fetch: options.fetch ?? manager.fetch,
    once: keyedFlight(),
  };
}

/** The window of the client; `NOT_IN_BROWSER` where there is none (server, worker). */
export function browser(ctx: RedirectsContext): Window {
  const win = windowOf(ctx.options);
  if (!win) throw fail('NOT_IN_BROWSER', `No browser window: ${SERVER_HINT}; ${TEST_WINDOW_HINT}`);
  return win;
}
