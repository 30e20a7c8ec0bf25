import { callbackFields, type CallbackParams } from './parse-callback';
import { fail } from './redirects-error';
import { attempt } from './values';

/**
 * Loads `url` in a hidden iframe of `win` and resolves with the first non-undefined
 * `read(event)` of the events it hears (`message` on `win`, `load` and `error` on
 * the frame), or with `undefined` after `timeoutMs`. However it ends, the timer, the
 * window's listener and the frame are all gone before the promise settles.
 */
function runHiddenFrame<T>(
  win: Window,
  url: string,
  timeoutMs: number,
  read: (event: MessageEvent<unknown>, frame: HTMLIFrameElement) => T | undefined,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const doc = win.document;
    const frame = doc.createElement('iframe');
    const finish = (value?: T) => {
      clearTimeout(timer);
      win.removeEventListener('message', listener);
      frame.remove();
      resolve(value);
    };
    const listener = (event: Event) => {
      // Only a `message` has an origin, a source and data: a frame's `load` or `error` has them undefined.
      const value = read(event as MessageEvent<unknown>, frame);
      if (value !== undefined) finish(value);
    };
    const timer = setTimeout(finish, timeoutMs);
    win.addEventListener('message', listener);
    // The frame's own events end with it: they need no removing.
    frame.addEventListener('load', listener);
    frame.addEventListener('error', listener);
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    frame.tabIndex = -1;
    frame.title = 'site-identity';
    frame.src = url;
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

/**
 * Loads the hosted page `url` in a hidden frame and resolves with its answer: the
 * first message whose `origin` is the page's origin, whose `source` is that very
 * frame and whose `state` is `state`. Every other message is ignored. Rejects with
 * `OAUTH_FLOW_TIMED_OUT` after `timeoutMs`; in jsdom or happy-dom (which never run the
 * page) after 2 s at most, with what a test passes instead. The listener and the
 * frame are always removed.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 */
export async function awaitFrameAnswer(
  win: Window,
  url: string,
  state: string,
  timeoutMs: number,
): Promise<CallbackParams> {
  const origin = new URL(url).origin;
  const testDom = /jsdom|HappyDOM/.exec(String(win.navigator?.userAgent))?.[0];
  // A DOM made for tests waits 2 s at most (below vitest's 5 s test time-out): jsdom and
  // happy-dom do not run the hosted page's script, so no answer ever comes there.
  const wait = testDom ? Math.min(timeoutMs, 2000) : timeoutMs;
  const answer = await runHiddenFrame(win, url, wait, (event, frame) => {
    const posted =
      event.origin === origin && event.source !== null && event.source === frame.contentWindow
        ? readAnswer(event.data)
        : undefined;
    return posted?.state === state ? posted : undefined;
  });
  if (answer) return answer;
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
  runHiddenFrame(win, url, timeoutMs, (event) => event.type !== 'message' || undefined).then(
    Boolean,
  );
