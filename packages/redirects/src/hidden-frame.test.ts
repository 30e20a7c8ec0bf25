import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { awaitFrameAnswer, FRAME_ANSWER_GRACE_MS, loadHiddenFrame } from './hidden-frame';

const PAGE = 'https://login.platform.example/authorize?x=1';
const ORIGIN = 'https://login.platform.example';
const REDIRECT_URI = 'http://localhost:3000/callback';

const server = setupServer(
  http.get(`${ORIGIN}/authorize`, () => HttpResponse.html('<p>hosted page</p>')),
  http.get(`${ORIGIN}/slow`, async () => {
    await delay('infinite');
    return HttpResponse.html('');
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  for (const leftover of document.querySelectorAll('iframe')) leftover.remove();
});
afterAll(() => server.close());

const frame = () => document.querySelector<HTMLIFrameElement>('iframe[title="site-identity"]');

/** Resolves once the hidden frame's page has loaded, as a real hosted page would before it posts. */
const pageLoaded = () =>
  new Promise((resolve) => frame()!.addEventListener('load', resolve, { once: true }));

/** Posts `data` to the window as if from `source` at `origin`. */
function post(
  data: unknown,
  {
    origin = ORIGIN,
    source = frame()?.contentWindow ?? null,
  }: { origin?: string; source?: Window | null } = {},
) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe('awaitFrameAnswer', () => {
  test('in a DOM made for tests (happy-dom), no answer ends after 2 s with what a test passes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 120_000,
    });
    const rejected = expect(answer).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'OAUTH_FLOW_TIMED_OUT',
      message:
        'OAuth flow timed out: HappyDOM does not run the hosted page in a hidden frame; in tests, pass createRedirects({ window: createTestBrowser(platform).window }) or call installTestBrowser(platform), from @site-identity/mock-platform/testing',
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(frame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await rejected;
    expect(frame()).toBeNull();
  });

  test('loads the page in a hidden frame and resolves with the matching answer, then removes frame and listener', async () => {
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 5000,
    });
    await pageLoaded();
    const hidden = frame();
    expect(hidden?.src).toBe(PAGE);
    expect(hidden?.style.display).toBe('none');
    expect(hidden?.getAttribute('aria-hidden')).toBe('true');
    post({ code: 'c-1', state: 'st-1' });
    await expect(answer).resolves.toEqual({
      code: 'c-1',
      state: 'st-1',
      error: undefined,
      errorDescription: undefined,
    });
    expect(frame()).toBeNull();
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
  });

  test('surfaces the frame error answer as data', async () => {
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 5000,
    });
    await pageLoaded();
    post({ error: 'login_required', error_description: 'No session', state: 'st-1' });
    await expect(answer).resolves.toMatchObject({
      error: 'login_required',
      errorDescription: 'No session',
    });
    expect(frame()).toBeNull();
  });

  test('reads an answer sent as a JSON string', async () => {
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 5000,
    });
    await pageLoaded();
    post(JSON.stringify({ code: 'c-2', state: 'st-1' }));
    await expect(answer).resolves.toMatchObject({ code: 'c-2' });
  });

  test('ignores messages from another origin, another source, with another state or of another shape', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const other = document.createElement('iframe');
    document.body.append(other);
    const settled = vi.fn();
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 5000,
    });
    await pageLoaded();
    answer.then(settled, settled);
    const hidden = frame()!;
    post({ code: 'evil', state: 'st-1' }, { origin: 'https://evil.example' });
    post(
      { code: 'evil', state: 'st-1' },
      { origin: 'https://login.platform.example.evil.example' },
    );
    post({ code: 'evil', state: 'st-1' }, { source: window });
    post({ code: 'evil', state: 'st-1' }, { source: other.contentWindow });
    post({ code: 'evil', state: 'st-1' }, { source: null });
    post({ code: 'evil', state: 'st-2' });
    post({ code: 'evil' });
    post('not json');
    post(null);
    post(42);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).not.toHaveBeenCalled();
    expect(hidden.isConnected).toBe(true);
    post({ code: 'good', state: 'st-1' });
    await expect(answer).resolves.toMatchObject({ code: 'good' });
    other.remove();
  });

  test('a page that never loads times out with OAUTH_FLOW_TIMED_OUT and cleans up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A browser, which runs the hosted page (happy-dom does not: see the first test).
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(BROWSER_UA);
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const answer = awaitFrameAnswer(window, {
      url: `${ORIGIN}/slow`,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 120_000,
    });
    const rejected = expect(answer).rejects.toMatchObject({
      name: 'RedirectsError',
      code: 'OAUTH_FLOW_TIMED_OUT',
      message: 'OAuth flow timed out',
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(frame()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await rejected;
    expect(frame()).toBeNull();
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
  });

  test('a page that loaded and posts nothing fails 3 s after its load with FRAME_NOT_ANSWERED, naming the origin and the redirect URI', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(BROWSER_UA);
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 120_000,
    });
    const settled = answer.then(
      () => undefined,
      (error: unknown) => error,
    );
    await pageLoaded();
    const loadedAt = Date.now();
    const error = await settled;
    const waited = Date.now() - loadedAt;
    expect(waited).toBeGreaterThanOrEqual(FRAME_ANSWER_GRACE_MS - 50);
    expect(waited).toBeLessThan(FRAME_ANSWER_GRACE_MS + 1000);
    expect(error).toMatchObject({
      name: 'RedirectsError',
      code: 'FRAME_NOT_ANSWERED',
      message: `The hosted page loaded in the hidden frame but posted no answer to ${window.location.origin} within 3000 ms: the platform answers only a page whose origin is one of the app's allowed domains, for a registered redirect URI. Add ${window.location.origin} to the allowed domains and ${REDIRECT_URI} to the redirect URIs in the app's OAuth settings (a browser that blocks third-party cookies can keep the page silent too)`,
    });
    expect(frame()).toBeNull();
  });

  test('an answer after the load but within the grace time is taken', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(BROWSER_UA);
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 120_000,
    });
    await pageLoaded();
    await vi.advanceTimersByTimeAsync(FRAME_ANSWER_GRACE_MS - 1);
    post({ code: 'c-3', state: 'st-1' });
    await expect(answer).resolves.toMatchObject({ code: 'c-3' });
    expect(vi.getTimerCount()).toBe(0);
  });

  test('settles once: a second matching message changes nothing', async () => {
    const answer = awaitFrameAnswer(window, {
      url: PAGE,
      state: 'st-1',
      redirectUri: REDIRECT_URI,
      timeoutMs: 5000,
    });
    await pageLoaded();
    const source = frame()!.contentWindow;
    post({ code: 'first', state: 'st-1' });
    post({ code: 'second', state: 'st-1' }, { source });
    await expect(answer).resolves.toMatchObject({ code: 'first' });
  });
});

describe('loadHiddenFrame', () => {
  test('resolves true once the page loads and removes the frame', async () => {
    const loaded = loadHiddenFrame(window, PAGE, 5000);
    expect(frame()?.src).toBe(PAGE);
    await expect(loaded).resolves.toBe(true);
    expect(frame()).toBeNull();
  });

  test('resolves false after the time-out and removes the frame', async () => {
    // happy-dom prints the abandoned page load (an AbortError) on its own console: expected here.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const loaded = loadHiddenFrame(window, `${ORIGIN}/slow`, 30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(loaded).resolves.toBe(false);
    expect(frame()).toBeNull();
  });
});
