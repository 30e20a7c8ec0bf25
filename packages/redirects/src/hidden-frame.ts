import { callbackFields, type CallbackParams } from './parse-callback';
import { fail } from './redirects-error';
import { attempt } from './values';

/**
 * How long a hidden frame whose page has loaded may stay silent before the flow
 * fails: a hosted page posts its answer as it loads, so a loaded page that has not
 * answered within this time will not (the platform does not post to an origin or a
 * redirect URI the app's settings do not allow). Each `load` (a redirect inside the
 * frame loads again) starts it anew.
 */
export const FRAME_ANSWER_GRACE_MS = 3000;

/** What {@link runHiddenFrame} runs. */
interface HiddenFrameRun<T> {
  readonly url: string;
  /** The whole wait, from the frame's creation. */
  readonly timeoutMs: number;
  /** When given, the wait also ends this long after the frame's last `load` (`silent`). */
  readonly afterLoadMs?: number | undefined;
  /** The value an event ends the wait with, or `undefined` to keep waiting. */
  readonly read: (event: MessageEvent<unknown>, frame: HTMLIFrameElement) => T | undefined;
}

/** How a hidden frame's wait ended: with a value, at the time-out, or silent after its page loaded. */
type HiddenFrameEnd<T> =
  { readonly value: T } | { readonly value?: undefined; readonly silent: boolean };

/**
 * Loads `url` in a hidden iframe of `win` and resolves with the first non-undefined
 * `read(event)` of the events it hears (`message` on `win`, `load` and `error` on
 * the frame), or without a value after `timeoutMs` (or `afterLoadMs` after a `load`:
 * `silent`). However it ends, the timers, the window's listener and the frame are all
 * gone before the promise settles.
 */
function runHiddenFrame<T>(win: Window, run: HiddenFrameRun<T>): Promise<HiddenFrameEnd<T>> {
  return new Promise((resolve) => {
    const doc = win.document;
    const frame = doc.createElement('iframe');
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = (end: HiddenFrameEnd<T>) => {
      clearTimeout(timer);
      clearTimeout(quiet);
      win.removeEventListener('message', listener);
      frame.remove();
      resolve(end);
    };
    const listener = (event: Event) => {
      // Only a `message` has an origin, a source and data: a frame's `load` or `error` has them undefined.
      const value = run.read(event as MessageEvent<unknown>, frame);
      if (value !== undefined) return finish({ value });
      if (event.type === 'load' && run.afterLoadMs !== undefined) {
        clearTimeout(quiet);
        quiet = setTimeout(() => finish({ silent: true }), run.afterLoadMs);
      }
    };
    const timer = setTimeout(() => finish({ silent: false }), run.timeoutMs);
    win.addEventListener('message', listener);
    // The frame's own events end with it: they need no removing.
    frame.addEventListener('load', listener);
    frame.addEventListener('error', listener);
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    frame.tabIndex = -1;
    frame.title = 'site-identity';
    frame.src = run.url;
    (doc.body ?? doc.documentElement).appendChild(frame);
  });
}

/** The fields of the `{ code, state }` or `{ error, error_description, state }` a hosted page posts (maybe as JSON text). */
export function readAnswer(data: unknown): CallbackParams {
  const posted = Object(
    typeof data === 'string' ? attempt((): unknown => JSON.parse(data)) : data,
  ) as Record<string, unknown>;
  return callbackFields((field) => posted[field]);
}

/** What a test without a browser tab passes, said where a hidden frame or a window is missing. */
export const TEST_WINDOW_HINT =
  'in tests, pass createRedirects({ window: createTestBrowser(platform).window }) or call installTestBrowser(platform), from @site-identity/mock-platform/testing';

/** What {@link awaitFrameAnswer} waits for. */
export interface FrameAnswerRequest {
  /** The hosted page. */
  readonly url: string;
  /** The flow's `state`: only an answer that carries it counts. */
  readonly state: string;
  /** The redirect URI the flow was started with, named when the page stays silent. */
  readonly redirectUri: string;
  /** The whole wait. */
  readonly timeoutMs: number;
}

/** The origin of the page the frame (or popup) answers, for a message (`unknown` when it has none). */
const pageOrigin = (win: Window): string => {
  const origin = attempt(() => win.location.origin);
  return typeof origin === 'string' && origin !== 'null' ? origin : 'unknown';
};

/** A hosted page that loaded and posted nothing, for {@link silentPageError}. */
export interface SilentPage {
  /** `FRAME_NOT_ANSWERED` (a hidden frame) or `ORIGIN_NOT_ALLOWED` (the popup's check page). */
  readonly code: 'FRAME_NOT_ANSWERED' | 'ORIGIN_NOT_ALLOWED';
  /** Where it loaded, as the message says it: `loaded in the hidden frame`, `opened in the login popup`. */
  readonly where: string;
  /** The page's window, whose origin the hosted page did not answer. */
  readonly win: Window;
  readonly redirectUri: string;
  /** What else can keep it silent, said last (a hidden frame: a browser that blocks third-party cookies). */
  readonly aside?: string;
}

/**
 * The one error of a hosted page that loaded (in a hidden frame, or in the popup) and
 * posted nothing: the platform answers only to a page whose origin is among the app's
 * allowed domains, and only for a registered redirect URI. It names both values and
 * where to change them.
 */
export function silentPageError({ code, where, win, redirectUri, aside }: SilentPage): Error {
  const origin = pageOrigin(win);
  return fail(
    code,
    `The hosted page ${where} but posted no answer to ${origin} within ${FRAME_ANSWER_GRACE_MS} ms: ` +
      `the platform answers only a page whose origin is one of the app's allowed domains, for a registered redirect URI. ` +
      `Add ${origin} to the allowed domains and ${redirectUri} to the redirect URIs in the app's OAuth settings` +
      (aside ? ` (${aside})` : ''),
  );
}

/**
 * Loads the hosted page `url` in a hidden frame and resolves with its answer: the
 * first message whose `origin` is the page's origin, whose `source` is that very
 * frame and whose `state` is `state`. Every other message is ignored. Rejects with
 * `FRAME_NOT_ANSWERED` when the page has loaded and posted nothing within
 * {@link FRAME_ANSWER_GRACE_MS} (naming the page's origin and the redirect URI), and
 * with `OAUTH_FLOW_TIMED_OUT` after `timeoutMs`; in jsdom or happy-dom (which never
 * run the page) after 2 s at most, with what a test passes instead. The listener and
 * the frame are always removed.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 */
export async function awaitFrameAnswer(
  win: Window,
  request: FrameAnswerRequest,
): Promise<CallbackParams> {
  const { url, state, redirectUri, timeoutMs } = request;
  const origin = new URL(url).origin;
  const testDom = /jsdom|HappyDOM/.exec(String(win.navigator?.userAgent))?.[0];
  // A DOM made for tests waits 2 s at most (below vitest's 5 s test time-out): jsdom and
  // happy-dom do not run the hosted page's script, so no answer ever comes there, and
  // their frames' `load` says nothing about the page.
  const end = await runHiddenFrame(win, {
    url,
    timeoutMs: testDom ? Math.min(timeoutMs, 2000) : timeoutMs,
    afterLoadMs: testDom ? undefined : Math.min(FRAME_ANSWER_GRACE_MS, timeoutMs),
    read: (event, frame) => {
      const posted =
        event.origin === origin && event.source !== null && event.source === frame.contentWindow
          ? readAnswer(event.data)
          : undefined;
      return posted?.state === state ? posted : undefined;
    },
  });
  if (end.value) return end.value;
  if (end.silent)
    throw silentPageError({
      code: 'FRAME_NOT_ANSWERED',
      where: 'loaded in the hidden frame',
      win,
      redirectUri,
      aside: 'a browser that blocks third-party cookies can keep the page silent too',
    });
  throw fail(
    'OAUTH_FLOW_TIMED_OUT',
    `OAuth flow timed out${testDom ? `: ${testDom} does not run the hosted page in a hidden frame; ${TEST_WINDOW_HINT}` : ''}`,
  );
}

/**
 * Loads `url` in a hidden frame and removes the frame once it has loaded (or
 * failed to), or after `timeoutMs`. Resolves `true` when the frame's `load` or
 * `error` event came, `false` on time-out; never rejects. A frame cannot tell more:
 * browsers fire `load` for an error page too (and never say a cross-origin page's status).
 */
export const loadHiddenFrame = (win: Window, url: string, timeoutMs: number): Promise<boolean> =>
  runHiddenFrame(win, {
    url,
    timeoutMs,
    read: (event) => event.type !== 'message' || undefined,
  }).then((end) => end.value === true);
