import { isPlatformError } from '@site-identity/http';
import { describe, expect, test } from 'vitest';
import { createRedirectSession } from './create-redirect-session';
import { isRedirectsError } from './redirects-error';
import {
  createClient,
  NOT_REDIRECTS,
  NOT_REDIRECTS_ERROR,
  PAGE_ORIGIN,
  redirectSessionCalls,
  usePlatform,
} from './test-platform';

const { platform, server } = usePlatform();

/** The Authorization header of every redirect-session request. */
function captureAuthorization(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/v1/redirect-session'))
      seen.push(request.headers.get('authorization') ?? '');
  });
  return seen;
}

const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('createRedirectSession', () => {
  test('posts the intent with the raw access token and returns the redirect session', async () => {
    const authorization = captureAuthorization();
    const { tokens, redirects } = createClient();
    const session = await createRedirectSession(redirects, {
      ecomCheckout: { checkoutId: 'c-1' },
      callbacks: { postFlowUrl: `${PAGE_ORIGIN}/thanks` },
    });
    server.events.removeAllListeners();
    expect(new URL(session.fullUrl).pathname).toBe('/_hosted/ecomCheckout');
    expect(session.urlDetails?.searchParams).toMatchObject({
      postFlowUrl: `${PAGE_ORIGIN}/thanks`,
    });
    expect(typeof session.sessionToken).toBe('string');
    expect(authorization).toEqual([await tokens.getAccessToken()]);
    expect(authorization[0]).not.toMatch(/^Bearer /);
  });

  const ONE_INTENT =
    'request must be an object with exactly one intent of auth, login, logout, bookingsCheckout, ecomCheckout, eventsCheckout, paidPlansCheckout, storesProduct, bookingsBook; got';
  test.each([
    ['no intent', { prompt: 'login' }, `${ONE_INTENT} an object with none of them`],
    [
      'two intents',
      { login: {}, logout: { clientId: 'app' } },
      `${ONE_INTENT} an object with login and logout`,
    ],
    ['not an object', null, `${ONE_INTENT} null`],
  ])(
    'refuses a request with %s before any call, naming what it has',
    async (_name, request, message) => {
      const { redirects } = createClient();
      await expect(createRedirectSession(redirects, request as never)).rejects.toMatchObject({
        name: 'RedirectsError',
        code: 'INVALID_ARGUMENT',
        message,
      });
      expect(redirectSessionCalls(platform)).toHaveLength(0);
    },
  );

  test('an answer without fullUrl is NO_REDIRECT_URL, with the request id of the answer', async () => {
    const { redirects } = createClient();
    platform.faults.inject({ path: '/_api/redirects-api', kind: 'wrong-shape' });
    const error: unknown = await createRedirectSession(redirects, { login: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'NO_REDIRECT_URL',
      message: 'No redirect URL found',
      requestId: expect.any(String),
    });
    const { requestId, cause } = error as { requestId: string; cause: unknown };
    expect(cause).toMatchObject({ name: 'PlatformError', code: 'INVALID_RESPONSE', requestId });
    expect(platform.state.requests.at(-1)?.path).toBe('/_api/redirects-api/v1/redirect-session');
  });

  test('a platform failure passes through as a PlatformError', async () => {
    const { redirects } = createClient();
    platform.faults.inject({
      path: '/_api/redirects-api',
      kind: 'status',
      status: 500,
      times: Infinity,
    });
    const error = await createRedirectSession(redirects, { login: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(isPlatformError(error)).toBe(true);
    expect(error).toMatchObject({ status: 500 });
  });

  test('an aborted signal rejects with ABORTED and sends nothing', async () => {
    const { redirects } = createClient();
    const error = await caught(
      createRedirectSession(redirects, { login: {} }, { signal: AbortSignal.abort() }),
    );
    expect(isPlatformError(error) && [error.kind, error.code]).toEqual(['aborted', 'ABORTED']);
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });

  test('a signal that is not an AbortSignal is INVALID_ARGUMENT with the exact message', async () => {
    const { redirects } = createClient();
    const error = await caught(
      createRedirectSession(redirects, { login: {} }, { signal: 1 as never }),
    );
    expect(isRedirectsError(error) && [error.code, error.message]).toEqual([
      'INVALID_ARGUMENT',
      'signal must be an AbortSignal; got 1',
    ]);
    expect(redirectSessionCalls(platform)).toHaveLength(0);
  });
});

describe('createRedirectSession takes the redirect client it extends', () => {
  test.each(NOT_REDIRECTS)(
    'a redirects that createRedirects did not make (%s) is INVALID_ARGUMENT naming it, and nothing is sent',
    async (_name, given) => {
      const error = await caught(createRedirectSession(given as never, { login: {} }));
      expect(isRedirectsError(error)).toBe(true);
      expect(error).toMatchObject(NOT_REDIRECTS_ERROR);
      expect(redirectSessionCalls(platform)).toHaveLength(0);
    },
  );

  test('the redirects argument is checked before the request', async () => {
    const error = await caught(createRedirectSession(undefined as never, null as never));
    expect(error).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^redirects must be /) as unknown,
    });
  });

  test('the redirect client has no createRedirectSession method: the separate import is the one way', () => {
    const { redirects } = createClient();
    expect('createRedirectSession' in redirects).toBe(false);
  });
});
