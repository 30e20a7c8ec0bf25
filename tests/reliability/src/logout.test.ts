// @vitest-environment happy-dom
// Logout clears every stored record of the session: the tokens, pending hosted-login
// flows and the e-mail verification state (every `site-identity:<clientId>:` key).
// Only the pre-warm time stamp stays: it is about the device, not the session, and
// holds no secret. Records of other clients are left alone.
import { isRedirectsError } from '@site-identity/redirects';
import { describe, expect, test } from 'vitest';
import {
  PAGE_ORIGIN,
  RECORD_PREFIX,
  REDIRECT_URI,
  TOKEN_KEY,
  settle,
  storageContents,
  usePlatform,
  type World,
} from './harness';
import { knownSecrets } from './leak-watch';

const { platform, createWorld, hostedLogin } = usePlatform();

const PREWARM_KEY = `local:${RECORD_PREFIX}prewarm`;
const OTHER_CLIENT = {
  local: 'site-identity:another-client:tokens',
  session: 'site-identity:another-client:flow:abc',
};

/** A member session with every kind of record: tokens, a pending flow, a verification flow, a pre-warm stamp. */
async function fullSession(world: World): Promise<void> {
  await world.redirects.completeLogin(await hostedLogin(world));
  await world.redirects.loginWithRedirect({ redirectUri: REDIRECT_URI, originalUri: '/later' });
  platform.state.settings.requireEmailVerification = true;
  const pending = await world.auth.register({
    email: 'pending@example.com',
    password: 'waiting for a code',
  });
  expect(pending.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  localStorage.setItem(`${RECORD_PREFIX}prewarm`, String(Date.now()));
  localStorage.setItem(OTHER_CLIENT.local, '{"kept":true}');
  sessionStorage.setItem(OTHER_CLIENT.session, '{"kept":true}');
  const keys = Object.keys(storageContents());
  expect(keys).toEqual(
    expect.arrayContaining([
      `local:${TOKEN_KEY}`,
      `session:${RECORD_PREFIX}verification`,
      PREWARM_KEY,
      expect.stringMatching(/^session:.*:flow:/),
    ]),
  );
  expect(world.tokens.isLoggedIn()).toBe(true);
}

/** The records of this client left in either storage. */
const ownRecords = () =>
  Object.keys(storageContents()).filter((key) => key.includes(RECORD_PREFIX));

describe('logout clears every stored record of the session', () => {
  test.each([
    ['the logout URL is created', false],
    ['the logout URL cannot be created (503)', true],
  ])('%s', async (_name, fails) => {
    const world = createWorld();
    await fullSession(world);
    if (fails)
      platform.faults.inject({
        path: '/_api/redirects-api/v1/redirect-session',
        kind: 'status',
        status: 503,
      });

    const outcome = await settle(() =>
      world.redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/` }),
    );

    if (fails)
      expect(!outcome.ok && isRedirectsError(outcome.error) && outcome.error.code).toBe(
        'LOGOUT_URL_UNAVAILABLE',
      );
    else
      expect(outcome.ok && new URL(String(outcome.value)).pathname).toBe(
        '/_api/iam/authentication/v1/logout',
      );
    expect(ownRecords()).toEqual([PREWARM_KEY]);
    expect(Number(localStorage.getItem(`${RECORD_PREFIX}prewarm`))).toBeGreaterThan(0);
    expect(localStorage.getItem(OTHER_CLIENT.local)).toBe('{"kept":true}');
    expect(sessionStorage.getItem(OTHER_CLIENT.session)).toBe('{"kept":true}');
    expect(world.tokens.isLoggedIn()).toBe(false);
    expect(world.tokens.getSnapshot()).toMatchObject({ status: 'none', tokens: null });
    expect(world.auth.getPendingVerification()).toBeUndefined();
  });

  test('no secret of the session is left anywhere in storage', async () => {
    const world = createWorld();
    await fullSession(world);

    await world.redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/` });

    const stored = Object.values(storageContents()).join('\n');
    const left = [...knownSecrets()]
      .filter(([secret]) => stored.includes(secret))
      .map(([, kind]) => kind);
    expect(left).toEqual([]);
  });

  test('after logout, the pending flows are dead: their callbacks are Invalid _state, e-mail verification has nothing pending', async () => {
    const world = createWorld();
    const callbackUrl = await hostedLogin(world);
    platform.state.settings.requireEmailVerification = true;
    await world.auth.register({ email: 'pending@example.com', password: 'waiting for a code' });

    await world.redirects.logout({ postLogoutRedirectUri: `${PAGE_ORIGIN}/` });
    const completion = await settle(() => world.redirects.completeLogin(callbackUrl));
    const verification = await world.auth.verifyEmail({ code: '000000' });

    expect(!completion.ok && isRedirectsError(completion.error) && completion.error.code).toBe(
      'INVALID_STATE',
    );
    expect(verification).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'NO_PENDING_VERIFICATION',
    });
    expect(world.tokens.isLoggedIn()).toBe(false);
  });
});
