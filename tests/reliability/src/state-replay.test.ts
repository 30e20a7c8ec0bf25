// @vitest-environment happy-dom
// CSRF and replay: the `state` of a hosted login is good for one completion only.
// A replayed, forged or foreign state is rejected before any code exchange.
import { isRedirectsError } from '@site-identity/redirects';
import { isTokenEndpointError } from '@site-identity/tokens';
import { describe, expect, test } from 'vitest';
import { RECORD_PREFIX, REDIRECT_URI, settle, usePlatform, type World } from './harness';

const { platform, createWorld, hostedLogin, submitHostedLogin } = usePlatform();

const codeExchanges = () =>
  platform.state.requests.filter((request) => request.grantType === 'authorization_code');
const flowRecords = () =>
  Object.keys(sessionStorage).filter((key) => key.startsWith(`${RECORD_PREFIX}flow:`));
const withState = (url: string, state: string) => {
  const target = new URL(url);
  const fields = new URLSearchParams(target.hash.slice(1));
  fields.set('state', state);
  target.hash = fields.toString();
  return target.href;
};

describe('the state of a hosted login is single-use', () => {
  test('a second completion of the same callback, after the first succeeded, is rejected as Invalid _state', async () => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world);
    await expect(world.redirects.completeLogin(callbackUrl)).resolves.toMatchObject({
      tokens: { refreshToken: { role: 'member' } },
    });

    const replay = await settle(() => world.redirects.completeLogin(callbackUrl));

    expect(replay.ok).toBe(false);
    expect(
      !replay.ok && isRedirectsError(replay.error) && [replay.error.code, replay.error.message],
    ).toEqual(['INVALID_STATE', 'Invalid _state']);
    expect(codeExchanges()).toHaveLength(1);
  });

  test('a replay from a fresh page (a new client over the same session storage) is rejected too', async () => {
    const first = createWorld();
    const callbackUrl = await hostedLogin(first);
    await first.redirects.completeLogin(callbackUrl);

    const replay = await settle(() => createWorld().redirects.completeLogin(callbackUrl));

    expect(!replay.ok && isRedirectsError(replay.error) && replay.error.code).toBe('INVALID_STATE');
    expect(codeExchanges()).toHaveLength(1);
  });

  test('two completions at once (React StrictMode) make one code exchange and share its result', async () => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world);

    const [a, b] = await Promise.all([
      world.redirects.completeLogin(callbackUrl),
      world.redirects.completeLogin(callbackUrl),
    ]);

    expect(a).toBe(b);
    expect(codeExchanges()).toHaveLength(1);
  });

  test('the state is spent even when the code exchange fails: trying the same callback again is Invalid _state', async () => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world);
    platform.faults.inject({ path: '/oauth2/token', kind: 'status', status: 503 });

    const failed = await settle(() => world.redirects.completeLogin(callbackUrl));
    const again = await settle(() => world.redirects.completeLogin(callbackUrl));

    expect(!failed.ok && isTokenEndpointError(failed.error)).toBe(true);
    expect(!again.ok && isRedirectsError(again.error) && again.error.code).toBe('INVALID_STATE');
    expect(flowRecords()).toEqual([]);
  });

  test('an error answer of the hosted page spends the state as well', async () => {
    const world = createWorld();
    await world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI });
    const cancelled = await submitHostedLogin(world.navigations.at(-1) ?? '', 'cancel');

    const outcome = await settle(() => world.redirects.completeLogin(cancelled));

    expect(!outcome.ok && isRedirectsError(outcome.error) && outcome.error.code).toBe(
      'AUTHORIZATION_ERROR',
    );
    expect(flowRecords()).toEqual([]);
    expect(codeExchanges()).toHaveLength(0);
  });
});

describe('a state that is not one of this page’s flows is rejected before any exchange', () => {
  const cases: [string, (world: World, callbackUrl: string) => Promise<string>][] = [
    [
      'a forged state',
      async (_world, callbackUrl) =>
        withState(callbackUrl, 'forged-state-0123456789abcdefghijklmnopq'),
    ],
    ['an empty state', async (_world, callbackUrl) => withState(callbackUrl, '')],
    [
      'the state of another client id’s flow',
      async (_world, callbackUrl) => {
        const other = createWorld();
        const otherCallback = await hostedLogin(other);
        const otherState =
          new URLSearchParams(new URL(otherCallback).hash.slice(1)).get('state') ?? '';
        // The other flow is stored under this client's prefix; move it under a foreign client id.
        const key = `${RECORD_PREFIX}flow:${otherState}`;
        const record = sessionStorage.getItem(key) ?? '';
        sessionStorage.removeItem(key);
        sessionStorage.setItem(`site-identity:another-client:flow:${otherState}`, record);
        return withState(callbackUrl, otherState);
      },
    ],
    [
      'the state of a flow already completed, with a fresh code',
      async (world) => {
        const first = await hostedLogin(world);
        await world.redirects.completeLogin(first);
        const state = new URLSearchParams(new URL(first).hash.slice(1)).get('state') ?? '';
        const fresh = await hostedLogin(world);
        return withState(fresh, state);
      },
    ],
  ];

  test.each(cases)('%s', async (_name, forge) => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world);
    const forged = await forge(world, callbackUrl);
    const exchangesBefore = codeExchanges().length;

    const outcome = await settle(() => world.redirects.completeLogin(forged));

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && isRedirectsError(outcome.error) && outcome.error.code).toMatch(
      /^(INVALID_STATE|MISSING_CODE_OR_STATE)$/,
    );
    expect(codeExchanges()).toHaveLength(exchangesBefore);
    expect(world.tokens.isLoggedIn()).toBe(exchangesBefore > 0);
  });
});
