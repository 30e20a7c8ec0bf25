import { describe, expect, test, vi } from 'vitest';
import { PREWARM_INTERVAL_MS } from './constants';
import { prewarm } from './prewarm';
import { isRedirectsError } from './redirects-error';
import {
  CLIENT_ID,
  createClient,
  hiddenFrame,
  nextFrame,
  NOT_REDIRECTS,
  NOT_REDIRECTS_ERROR,
  redirectSessionCalls,
  usePlatform,
} from './test-platform';

const { platform } = usePlatform();
const STAMP_KEY = `site-identity:${CLIENT_ID}:prewarm`;

function prewarmClient(start = 1_700_000_000_000) {
  let now = start;
  const logger = { warn: vi.fn() };
  const { redirects } = createClient({ logger, now: () => now });
  return { redirects, logger, advance: (ms: number) => (now += ms), now: () => now };
}

describe('prewarm', () => {
  test('loads the hosted login page in a hidden frame, removes it once loaded and stamps the time', async () => {
    const { redirects, logger, now } = prewarmClient();
    const framed = nextFrame();
    const done = prewarm(redirects);
    const { frame } = await framed;
    expect(new URL(frame.src).pathname).toBe('/_hosted/login');
    await expect(done).resolves.toBeUndefined();
    expect(hiddenFrame()).toBeNull();
    expect(localStorage.getItem(STAMP_KEY)).toBe(String(now()));
    expect(platform.state.redirectSessions.map((session) => session.intent)).toEqual(['login']);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  test('is skipped within 7 days of the last run and runs again after', async () => {
    const { redirects, advance } = prewarmClient();
    await prewarm(redirects);
    advance(PREWARM_INTERVAL_MS - 1);
    await prewarm(redirects);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
    advance(1);
    await prewarm(redirects);
    expect(redirectSessionCalls(platform)).toHaveLength(2);
  });

  test('force runs it within the 7 days', async () => {
    const { redirects } = prewarmClient();
    await prewarm(redirects);
    await prewarm(redirects, { force: true });
    expect(redirectSessionCalls(platform)).toHaveLength(2);
  });

  test('a time stamp in the future (a clock set back) does not block it', async () => {
    const { redirects, now } = prewarmClient();
    localStorage.setItem(STAMP_KEY, String(now() + 60_000));
    await prewarm(redirects);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
  });

  test('calls at once share one run', async () => {
    const { redirects } = prewarmClient();
    await Promise.all([
      prewarm(redirects),
      prewarm(redirects),
      prewarm(redirects, { force: true }),
    ]);
    expect(redirectSessionCalls(platform)).toHaveLength(1);
  });

  test.each([
    ['an error status', { kind: 'status', status: 500, times: Infinity }],
    ['an answer without a URL', { kind: 'wrong-shape' }],
    ['a network failure', { kind: 'network', times: Infinity }],
  ] as const)(
    "with %s it logs 'No redirect URL found', resolves and stamps nothing",
    async (_name, fault) => {
      const { redirects, logger } = prewarmClient();
      platform.faults.inject({ path: '/_api/redirects-api', ...fault });
      await expect(prewarm(redirects)).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalledWith('No redirect URL found', expect.any(Error));
      expect(localStorage.getItem(STAMP_KEY)).toBeNull();
      expect(hiddenFrame()).toBeNull();
    },
  );

  test('a frame that never loads is removed after the time-out, without a stamp', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { redirects } = prewarmClient();
    platform.faults.inject({ path: '/_hosted/login', kind: 'timeout' });
    const framed = nextFrame();
    const done = prewarm(redirects, { timeoutMs: 10_000 });
    await framed;
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBeUndefined();
    expect(hiddenFrame()).toBeNull();
    expect(localStorage.getItem(STAMP_KEY)).toBeNull();
    platform.faults.clear();
  });

  test('options that are not an object are reported, never a TypeError', async () => {
    const { redirects, logger } = prewarmClient();
    await expect(prewarm(redirects, 5 as never)).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      'Session pre-warm failed',
      expect.objectContaining({ message: 'options must be an object; got 5' }),
    );
  });

  test('never throws, not even for bad options', async () => {
    const { redirects, logger } = prewarmClient();
    await expect(prewarm(redirects, { timeoutMs: -5 })).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      'Session pre-warm failed',
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
  });

  test('without a window it does nothing', async () => {
    const { redirects, logger } = prewarmClient();
    vi.stubGlobal('window', undefined);
    await expect(prewarm(redirects)).resolves.toBeUndefined();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  test.each([...NOT_REDIRECTS, ['a plain object', { loginWithRedirect() {} }] as const])(
    'a redirects that createRedirects did not make (%s) is INVALID_ARGUMENT naming it, and nothing runs',
    async (_name, redirects) => {
      const error: unknown = await prewarm(redirects as never).catch((caught: unknown) => caught);
      expect(isRedirectsError(error)).toBe(true);
      expect(error).toMatchObject(NOT_REDIRECTS_ERROR);
      expect(redirectSessionCalls(platform)).toHaveLength(0);
      expect(hiddenFrame()).toBeNull();
    },
  );

  test('the redirect client has no prewarm method: the separate import is the one way', () => {
    const { redirects } = prewarmClient();
    expect('prewarm' in redirects).toBe(false);
  });

  test('logs through console.warn by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { redirects } = createClient();
    platform.faults.inject({ path: '/_api/redirects-api', kind: 'wrong-shape' });
    await prewarm(redirects);
    expect(warn).toHaveBeenCalledWith(
      'No redirect URL found',
      expect.objectContaining({ code: 'NO_REDIRECT_URL' }),
    );
  });
});
