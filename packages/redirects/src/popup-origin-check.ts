import { authFlowOf } from '@site-identity/pkce/internal';
import { getAuthUrl } from './auth-url';
import { FRAME_ANSWER_GRACE_MS, readAnswer, silentPageError } from './hidden-frame';
import type { RedirectsContext } from './redirects-context';
import { attempt } from './values';

/**
 * How long the check may take while the hosted page has not been seen to open (a
 * page that has not loaded yet, or a window that already showed another site's page,
 * whose next page cannot be seen to open): the login then goes on unchecked.
 */
const CHECK_BUDGET_MS = 10_000;

/** How often the popup is looked at while its check page opens. */
const OPEN_POLL_MS = 100;

/** What {@link checkPopupOrigin} checks, in which popup. */
export interface PopupCheck {
  readonly ctx: RedirectsContext;
  /** The page's window, which the hosted page answers. */
  readonly win: Window;
  /** The popup. */
  readonly opened: Window;
  readonly redirectUri: string;
  /** The login's own signal: it aborts the check page's redirect session too. */
  readonly signal: AbortSignal | undefined;
  /** Aborted when the login ends, however it ends: the check stops at once. */
  readonly ended: AbortSignal;
}

/** Whether the popup shows a page of this page's origin (its first `about:blank`): its address can be read. */
const readable = (opened: Window): boolean =>
  typeof attempt(() => opened.location.href) === 'string';

/**
 * Sends the popup to the check page `url` and waits for its answer (any answer with
 * `state`, a code or an error, from that popup at the page's origin). Resolves `true`
 * when it answered; `false` when the login ended or the page was not seen to open
 * within {@link CHECK_BUDGET_MS}. Rejects with `ORIGIN_NOT_ALLOWED` when the page
 * opened (the popup's address became unreadable: another origin's document replaced
 * its `about:blank`) and posted nothing within {@link FRAME_ANSWER_GRACE_MS}. The
 * timers and the listener are gone before it settles.
 */
function watchCheckPage(check: PopupCheck, url: string, state: string): Promise<boolean> {
  const { win, opened, ended } = check;
  const origin = new URL(url).origin;
  const notAnswered = () =>
    silentPageError({
      code: 'ORIGIN_NOT_ALLOWED',
      where: 'opened in the login popup',
      win,
      redirectUri: check.redirectUri,
    });
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      clearInterval(poll);
      win.removeEventListener('message', listener);
      ended.removeEventListener('abort', stop);
      settle();
    };
    const listener = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== opened) return;
      if (readAnswer(event.data).state === state) finish(() => resolve(true));
    };
    const stop = () => finish(() => resolve(false));
    let timer = setTimeout(stop, CHECK_BUDGET_MS);
    // Only a window that shows this page's origin now can be seen to open the hosted page.
    const poll = setInterval(() => {
      if (readable(opened)) return;
      clearInterval(poll);
      clearTimeout(timer);
      timer = setTimeout(() => finish(() => reject(notAnswered())), FRAME_ANSWER_GRACE_MS);
    }, OPEN_POLL_MS);
    if (!readable(opened)) clearInterval(poll);
    win.addEventListener('message', listener);
    ended.addEventListener('abort', stop, { once: true });
    opened.location.replace(url);
  });
}

/** The check page: a `prompt: 'none'`, `web_message` redirect session with the login's redirect URI, and its state. */
async function checkPage({ ctx, redirectUri, signal }: PopupCheck) {
  const flow = await authFlowOf(redirectUri);
  const options = { prompt: 'none', responseMode: 'web_message', signal } as const;
  const { authUrl } = await getAuthUrl(ctx, flow, options);
  return { authUrl, state: flow.state };
}

/**
 * Checks, before the login page, that the platform answers this page in the popup: a
 * `prompt: 'none'` hosted page with the login's redirect URI and `web_message`, shown
 * first in the popup itself. The popup is a top-level window on the platform's site,
 * so its cookies are its own: a silence there is the app's settings, never a browser
 * that blocks third-party cookies (as a hidden frame's can be). Any answer proves the
 * origin and the redirect URI (a code is dropped, never exchanged) and is remembered
 * for the redirect client and that redirect URI, so the check runs once per page.
 * Rejects only with `ORIGIN_NOT_ALLOWED` (the page opened and said nothing within
 * 3 s); a check that cannot be made (its redirect session failed, no Web Crypto, the
 * page not seen to open in time, the login ended) lets the login go on.
 */
export async function checkPopupOrigin(check: PopupCheck): Promise<void> {
  const { ctx, redirectUri, ended } = check;
  if (ctx.answeredRedirectUris?.has(redirectUri)) return;
  // No check page (its redirect session failed, no Web Crypto): the login goes on unchecked.
  const page = await checkPage(check).catch(() => undefined);
  if (!page || ended.aborted) return;
  if (await watchCheckPage(check, page.authUrl, page.state))
    (ctx.answeredRedirectUris ??= new Set()).add(redirectUri);
}
