import { createAuthFlowData } from '@site-identity/pkce';
import type { Tokens } from '@site-identity/tokens';
import { OAUTH_FLOW_TIMEOUT_MS } from './constants';
import { readAnswer } from './hidden-frame';
import { idpConnectionId, type IdentityProvider } from './identity-provider';
import type { CallbackParams } from './parse-callback';
import { fail } from './redirects-error';
import type { AuthUrl, AuthUrlOptions, AuthFlowInput } from './redirects-types';
import type { Prompt } from './redirect-session';
import { abortError, invalid, signalOf } from '@site-identity/http/internal';
import { attempt, invalidArgument } from './values';

/**
 * Options of `loginWithPopup`.
 *
 * @example
 * ```ts
 * import type { LoginWithPopupOptions } from '@site-identity/redirects';
 *
 * const options: LoginWithPopupOptions = { idp: 'google', timeoutMs: 60_000 };
 * ```
 */
export interface LoginWithPopupOptions {
  /** Sign in with Google, Facebook or a site's own connection; see {@link IdentityProvider}. */
  readonly idp?: IdentityProvider;
  /** Default `'login'`. */
  readonly prompt?: Prompt;
  /** The redirect URI of the authorization request; the answer is posted to its origin. Default: the page's origin. */
  readonly redirectUri?: string;
  /** How long the member may take, from the click. Default 120000 ms. */
  readonly timeoutMs?: number;
  /** `window.open` features. Default: a 500 × 640 popup centred on the window. */
  readonly popupFeatures?: string;
  /** A window the app opened itself (synchronously, in the click); it is navigated and closed like the library's own. */
  readonly popup?: Window;
  /** Ends the login with `ABORTED` and closes the popup; also aborts the platform requests. */
  readonly signal?: AbortSignal | undefined;
}

/** How often the library looks whether the member closed the popup. */
const CLOSED_POLL_MS = 500;

/** What `loginWithPopup` needs of the redirect client. */
export interface PopupDeps {
  readonly win: Window;
  getAuthUrl(flow: AuthFlowInput, options: AuthUrlOptions): Promise<AuthUrl>;
  exchange(
    code: string,
    codeVerifier: string,
    redirectUri: string,
    signal?: AbortSignal,
  ): Promise<Tokens>;
  authorizationError(params: CallbackParams): Error;
}

const centred = (win: Window): string => {
  const width = 500;
  const height = 640;
  const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
};

/**
 * The hosted login page in a popup. The window is opened before the first `await`
 * (inside the caller's click: Safari's user-gesture rule), then sent to the hosted
 * page once the redirect session answers. The code comes back as a `web_message`
 * to this window: only a message from the page's origin, from that very popup and
 * with the flow's state counts. The popup is closed however the login ends.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 */
export function loginWithPopup(
  deps: PopupDeps,
  options: LoginWithPopupOptions = {},
): Promise<Tokens> {
  const { win } = deps;
  const { idp, prompt = 'login', timeoutMs = OAUTH_FLOW_TIMEOUT_MS, popupFeatures } = options ?? {};
  let popup: Window | null | undefined;
  let signal: AbortSignal | undefined;
  try {
    signal = signalOf(options, invalidArgument);
    // An aborted call opens no window either.
    if (signal?.aborted) throw abortError(signal.reason);
    if (!(typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs <= 2_147_483_647))
      throw invalid(
        'timeoutMs',
        'a number of milliseconds from 1 to 2147483647',
        timeoutMs,
        invalidArgument,
      );
    // Bad input opens no window at all.
    if (idp !== undefined) idpConnectionId(idp);
    popup = options?.popup ?? win.open('', 'site-identity-login', popupFeatures ?? centred(win));
  } catch (error) {
    return Promise.reject(error);
  }
  if (!popup)
    return Promise.reject(
      fail('POPUP_BLOCKED', 'The browser blocked the login popup: call loginWithPopup in a click'),
    );
  const opened = popup;
  let expected:
    { origin: string; state: string; codeVerifier: string; redirectUri: string } | undefined;
  let stop = () => {};
  const answer = new Promise<CallbackParams>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(fail('OAUTH_FLOW_TIMED_OUT', 'OAuth flow timed out')),
      timeoutMs,
    );
    const poll = setInterval(() => {
      if (attempt(() => opened.closed) !== false)
        reject(fail('POPUP_CLOSED', 'The login popup was closed before the login completed'));
    }, CLOSED_POLL_MS);
    const listener = (event: MessageEvent) => {
      if (!expected || event.origin !== expected.origin || event.source !== opened) return;
      const data = readAnswer(event.data);
      if (data.state === expected.state) resolve(data);
    };
    win.addEventListener('message', listener);
    const abort = () => signal && reject(abortError(signal.reason));
    signal?.addEventListener('abort', abort, { once: true });
    stop = () => {
      clearTimeout(timer);
      clearInterval(poll);
      win.removeEventListener('message', listener);
      signal?.removeEventListener('abort', abort);
    };
    (async () => {
      const redirectUri = options?.redirectUri ?? win.location.origin;
      const flow = await createAuthFlowData({ redirectUri });
      const { authUrl } = await deps.getAuthUrl(flow, {
        prompt,
        responseMode: 'web_message',
        ...(idp !== undefined && { idp }),
        signal,
      });
      expected = { origin: new URL(authUrl).origin, ...flow };
      opened.location.href = authUrl;
    })().catch(reject);
  });
  const finish = () => {
    stop();
    attempt(() => opened.close());
  };
  return answer.then(
    (params) => {
      finish();
      if (params.error) throw deps.authorizationError(params);
      if (!params.code) throw fail('MISSING_CODE_OR_STATE', 'Missing code or _state');
      return deps.exchange(params.code, expected!.codeVerifier, expected!.redirectUri, signal);
    },
    (error: unknown) => {
      finish();
      throw error;
    },
  );
}
