import { isPlatformError } from '@site-identity/http';
import { describe, expect, test, vi } from 'vitest';
import { prewarm } from './prewarm';
import { isRedirectsError } from './redirects-error';
import {
  CLIENT_ID,
  createClient,
  REDIRECT_URI,
  redirectSessionCalls,
  usePlatform,
} from './test-platform';

const { platform } = usePlatform();

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const flow = {
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  state: 's-1',
  redirectUri: REDIRECT_URI,
};

describe('a redirects call aborted by its signal', () => {
  test('getAuthUrl with a signal aborted while the platform answers rejects with ABORTED', async () => {
    platform.faults.inject({
      path: '/_api/redirects-api/v1/redirect-session',
      kind: 'latency',
      latencyMs: 5000,
    });
    const { redirects } = createClient();
    const controller = new AbortController();
    const pending = caught(redirects.getAuthUrl(flow, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(isPlatformError(error) && [error.kind, error.code]).toEqual(['aborted', 'ABORTED']);
  });

  test('loginWithRedirect with an aborted signal navigates nowhere and keeps no flow', async () => {
    const navigate = vi.fn();
    const { redirects } = createClient({ navigate });
    const error = await caught(
      redirects.loginWithRedirect({ redirectUri: REDIRECT_URI, signal: AbortSignal.abort() }),
    );
    expect(isPlatformError(error) && error.code).toBe('ABORTED');
    expect(navigate).not.toHaveBeenCalled();
    expect(redirectSessionCalls(platform)).toHaveLength(0);
    const flows = Object.keys(sessionStorage).filter((key) =>
      key.startsWith(`site-identity:${CLIENT_ID}:flow:`),
    );
    expect(flows).toEqual([]);
  });

  test('completeLogin with an aborted signal: ABORTED from the code exchange, the session untouched', async () => {
    const { redirects, tokens } = createClient();
    sessionStorage.setItem(
      `site-identity:${CLIENT_ID}:flow:s-2`,
      JSON.stringify({
        codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        redirectUri: REDIRECT_URI,
      }),
    );
    const before = tokens.getSnapshot();
    const error = await caught(
      redirects.completeLogin(`${REDIRECT_URI}#code=c&state=s-2`, { signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({ code: 'ABORTED' });
    expect(tokens.getSnapshot()).toBe(before);
  });

  test('a signal that is not an AbortSignal is INVALID_ARGUMENT with the exact message', async () => {
    const { redirects } = createClient();
    const error = await caught(redirects.getAuthUrl(flow, { signal: 1 as never }));
    expect(isRedirectsError(error) && [error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'signal must be an AbortSignal; got 1',
    ]);
  });
});

describe('waits that a signal ends while the shared run goes on', () => {
  test("silentLogin: the aborted caller stops waiting; another caller's wait for the same frame carries on", async () => {
    const { redirects } = createClient();
    const controller = new AbortController();
    const mine = caught(
      redirects.silentLogin('session-token', { timeoutMs: 1000, signal: controller.signal }),
    );
    const theirs = caught(redirects.silentLogin('session-token', { timeoutMs: 1000 }));
    let theirsSettled = false;
    void theirs.then(() => (theirsSettled = true));
    setTimeout(() => controller.abort(), 20);
    expect(await mine).toMatchObject({
      name: 'PlatformError',
      kind: 'aborted',
      code: 'ABORTED',
      message: 'The call was aborted by its signal',
    });
    // Ended by the abort, not by the time-out: the other caller is still waiting.
    expect(theirsSettled).toBe(false);
    // the frame never answers in this environment: the other caller gets the time-out
    expect(await theirs).toMatchObject({ code: 'OAUTH_FLOW_TIMED_OUT' });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  test('silentLogin with an aborted signal asks the platform nothing', async () => {
    const { redirects } = createClient();
    const error = await caught(
      redirects.silentLogin('session-token', { signal: AbortSignal.abort() }),
    );
    expect(error).toMatchObject({
      name: 'PlatformError',
      kind: 'aborted',
      code: 'ABORTED',
      message: 'The call was aborted by its signal',
    });
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('prewarm: an abort ends the wait at once, resolved (a pre-warm never rejects)', async () => {
    platform.faults.inject({
      path: '/_api/redirects-api/v1/redirect-session',
      kind: 'latency',
      latencyMs: 2000,
    });
    const { redirects } = createClient();
    const controller = new AbortController();
    const pending = prewarm(redirects, { force: true, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    await expect(pending).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('prewarm with a signal that is not an AbortSignal resolves and warns, asking nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { redirects } = createClient();
    await expect(prewarm(redirects, { signal: 'x' as never })).resolves.toBeUndefined();
    expect(String(warn.mock.calls[0]?.[1])).toContain('signal must be an AbortSignal; got "x"');
    expect(redirectSessionCalls(platform)).toHaveLength(0);
    warn.mockRestore();
  });
});
