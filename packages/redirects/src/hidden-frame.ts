import type { CallbackParams } from './parse-callback';
import { fail, type RedirectsError } from './redirects-error';

type Finish<T> = (error: RedirectsError | undefined, value?: T) => void;

/**
 * Loads `url` in a hidden iframe of `win` and settles when `wire`'s handlers call
 * `finish`, or after `timeoutMs` (rejecting with `timeoutError`, or resolving with
 * `undefined` when there is none). However it ends, the timer, the handlers `wire`
 * installed (it returns their removal) and the frame are all gone before the
 * promise settles.
 */
function runHiddenFrame<T>(
  win: Window,
  url: string,
  timeoutMs: number,
  timeoutError: RedirectsError | undefined,
  wire: (frame: HTMLIFrameElement, finish: Finish<T>) => () => void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const doc = win.document;
    const frame = doc.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = 'site-identity';
    frame.style.display = 'none';
    let unwire = () => {};
    let done = false;
    const finish: Finish<T> = (error, value) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unwire();
      frame.remove();
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(() => finish(timeoutError), timeoutMs);
    unwire = wire(frame, finish);
    frame.src = url;
    (doc.body ?? doc.documentElement).appendChild(frame);
  });
}

/** The `{ code, state }` or `{ error, error_description, state }` a hosted page posts; `undefined` for anything else. */
function readAnswer(data: unknown): (CallbackParams & { state: string }) | undefined {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { code, state, error, error_description: errorDescription } = value as Record<string, unknown>;
  if (typeof state !== 'string') return undefined;
  const text = (field: unknown) => (typeof field === 'string' && field !== '' ? field : undefined);
  return { state, code: text(code), error: text(error), errorDescription: text(errorDescription) };
}

/**
 * Loads the hosted page `url` in a hidden frame and resolves with its answer: the
 * first message whose `origin` is the page's origin, whose `source` is that very
 * frame and whose `state` is `state`. Every other message is ignored. Rejects with
 * `OAUTH_FLOW_TIMED_OUT` after `timeoutMs`. The listener and the frame are always removed.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7
 */
export function awaitFrameAnswer(win: Window, url: string, state: string, timeoutMs: number): Promise<CallbackParams> {
  const origin = new URL(url).origin;
  return runHiddenFrame<CallbackParams>(
    win,
    url,
    timeoutMs,
    fail('OAUTH_FLOW_TIMED_OUT', 'OAuth flow timed out'),
    (frame, finish) => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== origin || event.source === null || event.source !== frame.contentWindow) return;
        const answer = readAnswer(event.data);
        if (answer?.state === state) finish(undefined, answer);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  ) as Promise<CallbackParams>;
}

/**
 * Loads `url` in a hidden frame and removes the frame once it has loaded (or
 * failed to), or after `timeoutMs`. Resolves `true` when it loaded, `false` on time-out; never rejects.
 */
export function loadHiddenFrame(win: Window, url: string, timeoutMs: number): Promise<boolean> {
  return runHiddenFrame<boolean>(win, url, timeoutMs, undefined, (frame, finish) => {
    const onLoad = () => finish(undefined, true);
    frame.addEventListener('load', onLoad);
    frame.addEventListener('error', onLoad);
    return () => {
      frame.removeEventListener('load', onLoad);
      frame.removeEventListener('error', onLoad);
    };
  }).then((loaded) => loaded === true);
}
