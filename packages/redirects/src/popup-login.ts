import type { IdentityProvider, Prompt, Redirects } from '@site-identity/redirects';
import type { Tokens } from '@site-identity/tokens';
import { authFlowOf } from '@site-identity/pkce/internal';
import { getAuthUrl } from './auth-url';
import { OAUTH_FLOW_TIMEOUT_MS } from './constants';
import { readAnswer } from './hidden-frame';
import { idpConnectionId } from './identity-provider';
import { internals } from './internals';
import type { CallbackParams } from './parse-callback';
import { exchangeAnswer } from './code-exchange';
import { reported } from './failure-listeners';
import { browser, checkTimeout, flowRedirectUri, type RedirectsContext } from './redirects-context';
import { fail, invalidArgument } from './redirects-error';
import { abortError, signalOf } from '@site-identity/http/internal';
import { attempt } from './values';
import { checkPopupOrigin } from './popup-origin-check';

/**
 * Options of {@link loginWithPopup}.
 *
 * @example
 * ```ts
 * import type { LoginWithPopupOptions } from '@site-identity/redirects/popup';
 *
 * const options: LoginWithPopupOptions = { idp: 'google', timeoutMs: 60_000 };
 * ```
 */
export interface LoginWithPopupOptions {
  /** Sign in with Google, Facebook or a site's own connection; see `IdentityProvider`. */
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

const centred = (win: Window): string => {
  const width = 500;
  const height = 640;
  const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
};

/** What {@link popupAnswer} waits on besides the page's window. */
interface PopupWait {
  /** The popup the answer must come from. */
  readonly opened: Window;
  /** How long the member may take. */
  readonly timeoutMs: number;
  /** Ends the wait with `ABORTED`. */
  readonly signal: AbortSignal | undefined;
  /** The origin and state an answer must carry, once the flow is known (none before). */
  readonly expected: () => { origin: string; state: string } | undefined;
}

/** Waits for the popup's answer: the message, the member closing it, the time-out or the signal. */
function popupAnswer(
  win: Window,
  { opened, timeoutMs, signal, expected }: PopupWait,
): { answer: Promise<CallbackParams>; stop: () => void } {
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
      const flow = expected();
      if (!flow || event.origin !== flow.origin || event.source !== opened) return;
      const data = readAnswer(event.data);
      if (data.state === flow.state) resolve(data);
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
  });
  return { answer, stop };
}

/**
 * Signs in on the platform's hosted login page in a popup window, for the redirect
 * client it is given: a separate import, so that an app without popup login does
 * not download it. The window is opened before the first `await` (call it in the
 * member's click: browsers allow a popup only there, and Safari counts nothing
 * after an `await`), then sent to the hosted page once the redirect session
 * answers. The code comes back as a `web_message` to this window: only a message
 * from the hosted page's origin, from that very popup and with the flow's state
 * counts; it is exchanged through the token manager, which then holds the member
 * tokens. The popup is closed however the login ends.
 *
 * The first popup login of a redirect client for a redirect URI first shows a
 * `prompt: 'none'` hosted page in the popup, which answers at once: any answer proves
 * that the platform answers this page's origin with that redirect URI (remembered, so
 * the check runs once per page; a code it carries is never exchanged), and the popup
 * goes on to the login page. When that page opens and posts nothing within 3 s (the
 * origin is not among the app's allowed domains, or the redirect URI is not
 * registered), the login fails at once with `ORIGIN_NOT_ALLOWED` instead of waiting
 * for the time-out. A check that cannot be made (its request failed) never fails the login.
 *
 * Rejects with a `RedirectsError`: `INVALID_ARGUMENT` (a `redirects` not made by
 * `createRedirects`, bad options; no window is opened), `NOT_IN_BROWSER`,
 * `POPUP_BLOCKED`, `POPUP_CLOSED`, `ORIGIN_NOT_ALLOWED` (naming the page's origin, the
 * redirect URI and the settings to change), `OAUTH_FLOW_TIMED_OUT`, `AUTHORIZATION_ERROR`
 * (the member cancelled on the hosted page), `ABORTED`; or with the platform's or
 * the token endpoint's error.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { loginWithPopup } from '@site-identity/redirects/popup';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const redirects = createRedirects({ tokens });
 *
 * document.querySelector('#google')?.addEventListener('click', async () => {
 *   await loginWithPopup(redirects, { idp: 'google' });
 *   console.log(tokens.isLoggedIn()); // true
 * });
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 */
export async function loginWithPopup(
  redirects: Redirects,
  options: LoginWithPopupOptions = {},
): Promise<Tokens> {
  const ctx = internals.borrow(redirects);
  // Its failure is told to the listeners of `callFailures` (the devtools), then passed on.
  return reported(ctx, 'loginWithPopup', popupLogin(ctx, options));
}

/** {@link loginWithPopup} for the client's context: the window is opened before the first `await`. */
async function popupLogin(ctx: RedirectsContext, options: LoginWithPopupOptions): Promise<Tokens> {
  const win = browser(ctx);
  const { idp, prompt = 'login', timeoutMs = OAUTH_FLOW_TIMEOUT_MS, popupFeatures } = options ?? {};
  const signal = signalOf(options, invalidArgument);
  // An aborted call opens no window either.
  if (signal?.aborted) throw abortError(signal.reason);
  checkTimeout(timeoutMs);
  // Bad input opens no window at all.
  if (idp !== undefined) idpConnectionId(idp);
  const redirectUri = flowRedirectUri(options?.redirectUri, win);
  const opened =
    options?.popup ?? win.open('', 'site-identity-login', popupFeatures ?? centred(win));
  if (!opened)
    throw fail(
      'POPUP_BLOCKED',
      'The browser blocked the login popup: call loginWithPopup in a click',
    );
  let expected:
    { origin: string; state: string; codeVerifier: string; redirectUri: string } | undefined;
  const { answer, stop } = popupAnswer(win, {
    opened,
    timeoutMs,
    signal,
    expected: () => expected,
  });
  // Aborted however the login ends: the origin check stops, and nothing navigates the popup any more.
  const ended = new AbortController();
  let params: CallbackParams;
  try {
    const send = async () => {
      await checkPopupOrigin({ ctx, win, opened, redirectUri, signal, ended: ended.signal });
      if (ended.signal.aborted) return;
      const flow = await authFlowOf(redirectUri);
      const { authUrl } = await getAuthUrl(ctx, flow, {
        prompt,
        responseMode: 'web_message',
        idp,
        signal,
      });
      if (ended.signal.aborted) return;
      expected = { origin: new URL(authUrl).origin, ...flow };
      // `replace`: the popup's Back button does not return to the check page.
      opened.location.replace(authUrl);
    };
    params = await Promise.race([answer, send().then(() => answer)]);
  } finally {
    ended.abort();
    stop();
    attempt(() => opened.close());
  }
  return exchangeAnswer(ctx, params, { flow: expected, signal });
}
