import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import {
  abortError,
  absoluteUrl,
  invalid,
  keyedFlight,
  optionsOf,
  signalOf,
  timeoutMs as checkTimeoutMs,
  untilAborted,
} from '@site-identity/http/internal';
import { createAuthFlowData } from '@site-identity/pkce';
import type { Tokens } from '@site-identity/tokens';
import { responseModeOf, sameOriginUri, stripCallbackParams } from './callback-url';
import { OAUTH_FLOW_TIMEOUT_MS, PREWARM_INTERVAL_MS } from './constants';
import { storageOf, windowOf } from './environment';
import { awaitFrameAnswer, loadHiddenFrame } from './hidden-frame';
import { idpConnectionId } from './identity-provider';
import { loginWithPopup } from './popup-login';
import { postJson } from './platform-call';
import { parseCallback, toUrl, type CallbackParams } from './parse-callback';
import { checkRequest, readRedirectSession, type RedirectSessionRequest } from './redirect-session';
import type {
  LoginCompletion,
  PrewarmOptions,
  Redirects,
  RedirectsOptions,
  SilentLoginOptions,
} from './redirects-types';
import { fail, RedirectsError } from './redirects-error';
import {
  clearRecords,
  dropFlow,
  readPrewarmStamp,
  saveFlow,
  takeFlow,
  writePrewarmStamp,
} from './stored-records';
import { attempt, invalidArgument, text } from './values';

/** `value` as a URL when it is an absolute http(s) URL (without a fragment unless `fragment`). */
const httpUrl = (value: unknown, name: string, fragment = true): URL =>
  absoluteUrl(value, name, invalidArgument, { fragment });

const checkTimeout = (value: unknown): number =>
  checkTimeoutMs(value, 'timeoutMs', invalidArgument);

/** The typed error for a hosted page's `error` / `error_description`. */
const authorizationError = ({ error, errorDescription }: CallbackParams): RedirectsError =>
  new RedirectsError(errorDescription ?? error ?? 'Authorization failed', {
    code: 'AUTHORIZATION_ERROR',
    error,
    errorDescription,
  });

const missingCodeOrState = () => fail('MISSING_CODE_OR_STATE', 'Missing code or _state');

/**
 * Creates the redirect client of one site: redirect sessions, the hosted login
 * page with authorization code + PKCE, the login callback, silent login in a
 * hidden frame, session pre-warm and logout. Calls to the redirects service are
 * authorised with the token manager's current access token (visitor or member).
 * Nothing touches `window`, `document` or storage until a method runs.
 *
 * - Flows are stored in session storage as `site-identity:<clientId>:flow:<state>`;
 *   `completeLogin` removes the record before its first `await`, so a state is
 *   good for one use, and a second call for the same URL while the first runs
 *   shares its result (React StrictMode).
 * - `logout` creates the logout URL with the still-valid token first, then clears
 *   the tokens and every `site-identity:<clientId>:` record in session storage. If
 *   the URL cannot be created, it still clears them and rejects with
 *   `LOGOUT_URL_UNAVAILABLE` (the platform session may still be alive: do not
 *   pretend it is over by redirecting to `postLogoutRedirectUri`).
 *
 * @throws {@link RedirectsError} `INVALID_ARGUMENT` for a missing `clientId` or `tokens`.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * declare const clientId: string;
 *
 * const tokens = createTokenManager({ clientId });
 * const redirects = createRedirects({ clientId, tokens });
 *
 * // On the sign-in button:
 * await redirects.loginWithRedirect({ redirectUri: `${location.origin}/callback`, originalUri: location.href });
 * // On /callback:
 * const { originalUri } = await redirects.completeLogin();
 * location.replace(originalUri ?? '/');
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc7636
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.1
 */
export function createRedirects(options: RedirectsOptions): Redirects {
  const clientId = text(options?.clientId, 'clientId');
  const manager = options.tokens;
  if (typeof manager?.getAccessToken !== 'function' || typeof manager.exchangeCode !== 'function') {
    throw invalid('tokens', 'a token manager of @site-identity/tokens', manager, invalidArgument);
  }
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const apiBaseUrl = httpUrl(
    options.apiBaseUrl ?? manager.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    'apiBaseUrl',
  ).href.replace(/\/+$/, '');
  const sessionUrl = `${apiBaseUrl}/_api/redirects-api/v1/redirect-session`;
  /** The runs in flight, by key: callers that come while one runs share its promise. */
  const once = keyedFlight();

  const browser = (): Window => {
    const win = windowOf(options);
    if (!win) throw fail('NOT_IN_BROWSER', 'No browser window');
    return win;
  };

  const exchange = (
    code: string,
    codeVerifier: string,
    redirectUri: string,
    signal?: AbortSignal,
  ): Promise<Tokens> => manager.exchangeCode({ code, codeVerifier, redirectUri, signal });

  const createRedirectSession: Redirects['createRedirectSession'] = async (
    request: RedirectSessionRequest,
    callOptions?: { readonly signal?: AbortSignal | undefined },
  ) => {
    checkRequest(request);
    const signal = signalOf(callOptions, invalidArgument);
    return readRedirectSession(
      await postJson(
        sessionUrl,
        request,
        () => manager.getAccessToken({ signal }),
        options.fetch ?? manager.fetch,
        signal,
      ),
    );
  };

  const getAuthUrl: Redirects['getAuthUrl'] = async (flow, options) => {
    // `options ?? {}`: a null options argument is as good as none, never a TypeError.
    const {
      prompt = 'login',
      responseMode = 'fragment',
      sessionToken,
      idp,
      signal,
    } = options ?? {};
    const redirectSession = await createRedirectSession(
      {
        auth: {
          authRequest: {
            redirectUri: text(flow?.redirectUri, 'redirectUri'),
            clientId,
            codeChallenge: text(flow.codeChallenge, 'codeChallenge'),
            codeChallengeMethod: 'S256',
            responseMode,
            responseType: 'code',
            scope: 'offline_access',
            state: text(flow.state, 'state'),
            ...(sessionToken !== undefined && { sessionToken: text(sessionToken, 'sessionToken') }),
            ...(idp !== undefined && { idp: idpConnectionId(idp) }),
          },
        },
        prompt,
      },
      { signal },
    );
    return { authUrl: redirectSession.fullUrl, redirectSession };
  };

  const completeLogin: Redirects['completeLogin'] = async (url, callOptions) => {
    const signal = signalOf(callOptions, invalidArgument);
    const target =
      url === undefined
        ? new URL(browser().location.href)
        : toUrl(url, windowOf(options)?.location.href);
    const mode = responseModeOf(target);
    const params = parseCallback(target, mode);
    const { code, state, error } = params;
    /** The flow for `state` is taken synchronously, before anything awaits. */
    const finish = async (): Promise<LoginCompletion> => {
      const flow =
        state === undefined ? undefined : takeFlow(storageOf(options, 'session'), clientId, state);
      if (error) throw authorizationError(params);
      if (!code || !state) throw missingCodeOrState();
      if (!flow) throw fail('INVALID_STATE', 'Invalid _state');
      const tokens = await exchange(code, flow.codeVerifier, flow.redirectUri, signal);
      return { tokens, originalUri: sameOriginUri(flow.originalUri, target.origin) };
    };
    // Once settled (never sooner: a second caller in the same tick must still see the
    // callback URL), the callback fields leave the address bar if it still shows
    // `target`; a history that refuses the change leaves it as it is.
    const strip = () =>
      attempt(() => {
        const shown = windowOf(options);
        if (shown?.location.href === target.href)
          shown.history.replaceState(
            shown.history.state,
            '',
            stripCallbackParams(target.href, mode),
          );
      });
    const run = () => {
      const promise = finish();
      promise.then(strip, strip);
      return promise;
    };
    return state === undefined ? run() : once(`login:${state}`, run);
  };

  const loginWithRedirect: Redirects['loginWithRedirect'] = async (login) => {
    const { origin } = httpUrl(login?.redirectUri, 'redirectUri', false);
    const { redirectUri, originalUri, prompt, responseMode, idp, sessionToken, beforeNavigate } =
      login;
    const signal = signalOf(login, invalidArgument);
    const navigate =
      options.navigate ??
      (
        (win: Window) => (href: string) =>
          win.location.assign(href)
      )(browser());
    const session = storageOf(options, 'session');
    const flow = await createAuthFlowData({
      redirectUri,
      originalUri: sameOriginUri(originalUri, origin),
    });
    saveFlow(session, clientId, flow);
    try {
      const { authUrl } = await getAuthUrl(flow, {
        prompt,
        responseMode,
        idp,
        sessionToken,
        signal,
      });
      beforeNavigate?.(authUrl);
      navigate(authUrl);
    } catch (error) {
      dropFlow(session, clientId, flow.state);
      throw error;
    }
  };

  const silentLogin: Redirects['silentLogin'] = (sessionToken, silentOptions) => {
    let timeoutMs: number;
    let redirectUri: string | undefined;
    let signal: AbortSignal | undefined;
    try {
      text(sessionToken, 'sessionToken');
      const given = optionsOf<SilentLoginOptions>(silentOptions, 'options', invalidArgument);
      timeoutMs = checkTimeout(given.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS);
      redirectUri = given.redirectUri;
      signal = signalOf(given, invalidArgument);
    } catch (error) {
      return Promise.reject(error);
    }
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    // The caller's signal ends its own wait; the frame's run, shared by callers, goes on.
    const run = once(`silent:${sessionToken}`, async () => {
      const win = browser();
      const flow = await createAuthFlowData({ redirectUri: redirectUri ?? win.location.origin });
      const { authUrl } = await getAuthUrl(flow, {
        prompt: 'none',
        responseMode: 'web_message',
        sessionToken,
      });
      const answer = await awaitFrameAnswer(win, authUrl, flow.state, timeoutMs);
      if (answer.error) throw authorizationError(answer);
      if (!answer.code) throw missingCodeOrState();
      return exchange(answer.code, flow.codeVerifier, flow.redirectUri);
    });
    return untilAborted(() => run, { signal }, invalidArgument);
  };

  const prewarm: Redirects['prewarm'] = (prewarmOptions) => {
    let force: boolean;
    let timeoutMs: number;
    let signal: AbortSignal | undefined;
    try {
      const given = optionsOf<PrewarmOptions>(prewarmOptions, 'options', invalidArgument);
      force = given.force === true;
      timeoutMs = checkTimeout(given.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS);
      signal = signalOf(given, invalidArgument);
    } catch (error) {
      // Never rejects: bad options are reported like any other pre-warm failure.
      logger.warn('Session pre-warm failed', error);
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.resolve();
    // The caller's signal ends its own wait (resolved, like every pre-warm); the run goes on.
    const run = once('prewarm', async () => {
      try {
        const win = windowOf(options);
        const local = storageOf(options, 'local');
        const stamp = readPrewarmStamp(local, clientId);
        if (!win || (!force && stamp <= now() && now() - stamp < PREWARM_INTERVAL_MS)) return;
        let fullUrl: string;
        try {
          ({ fullUrl } = await createRedirectSession({ login: {} }));
        } catch (error) {
          logger.warn('No redirect URL found', error);
          return;
        }
        if (await loadHiddenFrame(win, fullUrl, timeoutMs))
          writePrewarmStamp(local, clientId, now());
      } catch (error) {
        logger.warn('Session pre-warm failed', error);
      }
    });
    return untilAborted(() => run, { signal }, invalidArgument).catch(() => undefined);
  };

  const logout: Redirects['logout'] = async (logoutOptions) => {
    const postFlowUrl = logoutOptions?.postLogoutRedirectUri;
    httpUrl(postFlowUrl, 'postLogoutRedirectUri');
    const signal = signalOf(logoutOptions, invalidArgument);
    let fullUrl: string | undefined;
    let failure: unknown;
    try {
      ({ fullUrl } = await createRedirectSession(
        { logout: { clientId }, callbacks: { postFlowUrl } },
        { signal },
      ));
    } catch (error) {
      failure = error;
    }
    clearRecords(storageOf(options, 'session'), clientId);
    await manager.clear();
    if (fullUrl === undefined) {
      throw new RedirectsError('Signed out on this device only: no logout URL', {
        code: 'LOGOUT_URL_UNAVAILABLE',
        cause: failure,
      });
    }
    return fullUrl;
  };

  return {
    createRedirectSession,
    getAuthUrl,
    loginWithRedirect,
    loginWithPopup: (popupOptions) => {
      let win: Window;
      try {
        win = browser();
      } catch (error) {
        return Promise.reject(error);
      }
      return loginWithPopup({ win, getAuthUrl, exchange, authorizationError }, popupOptions);
    },
    completeLogin,
    silentLogin,
    prewarm,
    logout,
  };
}
