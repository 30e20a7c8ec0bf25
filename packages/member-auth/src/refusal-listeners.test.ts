// A member client lends the configuration refusals its login calls meet (what the
// devtools panel lists): told to its listeners, never changing the call's result.
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import { describe, expect, test, vi } from 'vitest';
import { configurationRefusals, type HeardRefusal } from './internal';
import { createMemberAuth } from './member-auth';
import { CLIENT_ID, mapStorage, usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform } = usePlatform({ members: [ada] });

/** A member client whose token manager sends `clientId`. */
function setUp(clientId = CLIENT_ID) {
  const tokens = createTokenManager({ clientId, storage: memoryStorage(), crossTab: false });
  const redirects = createRedirects({ tokens });
  return createMemberAuth({ tokens, redirects, verificationStorage: mapStorage() });
}

/** Lets the listeners' microtasks run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('configurationRefusals: the refusals a member client met, for the devtools', () => {
  test('a login refused for an unknown client id tells each listener the call, the cause, the fix and the error', async () => {
    platform.state.settings.clients = [{ clientId: CLIENT_ID, redirectUris: [] }];
    const auth = setUp('other-app');
    const heard: HeardRefusal[] = [];
    configurationRefusals(auth)((refusal) => heard.push(refusal));

    const result = await auth.login(ada);
    await settled();

    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'SITE_MISCONFIGURED' });
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      call: 'login',
      cause: 'the token endpoint does not know the client id "other-app" (401)',
      fix: "set clientId to the client id of one of the site's OAuth apps (the app's OAuth settings on the platform)",
      error: { name: 'TokenEndpointError', status: 401 },
    });
    // The same error the result's cause carries.
    expect(result.loginState === 'FAILURE' && result.cause.cause).toBe(heard[0]?.error);
  });

  test.each([
    ['register', { ...ada, email: 'new@example.com' }],
    ['login', ada],
  ] as const)('%s is named as the call refused', async (call, params) => {
    platform.state.settings.published = false;
    const auth = setUp();
    const heard = vi.fn<(refusal: HeardRefusal) => void>();
    configurationRefusals(auth)(heard);
    await auth[call](params);
    await settled();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]?.[0]).toMatchObject({
      call,
      cause: 'the site is not published (the token endpoint answered 403)',
      fix: 'publish the site',
    });
  });

  test('verifyEmail is named as verify', async () => {
    platform.state.settings.requireEmailVerification = true;
    const auth = setUp();
    const heard = vi.fn<(refusal: HeardRefusal) => void>();
    configurationRefusals(auth)(heard);
    await auth.register({ email: 'eve@example.com', password: 'pw-1234567' });
    platform.state.settings.published = false;
    await auth.verifyEmail({ code: '000000' });
    await settled();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]?.[0]).toMatchObject({
      call: 'verify',
      cause: 'the site is not published (the platform answered 403)',
    });
  });

  test("a member's mistake, and a successful login, tell nothing", async () => {
    const auth = setUp();
    const heard = vi.fn();
    configurationRefusals(auth)(heard);
    await expect(auth.login({ ...ada, password: 'wrong' })).resolves.toMatchObject({
      errorCode: 'invalidPassword',
    });
    await auth.login({ ...ada, completeLogin: false });
    await settled();
    expect(heard).not.toHaveBeenCalled();
  });

  test('a listener removed is not told, even of a refusal met before its removal', async () => {
    platform.state.settings.published = false;
    const auth = setUp();
    const removed = vi.fn();
    const hear = configurationRefusals(auth);
    // The first listener, told first, removes the second before its turn.
    const first = vi.fn(() => stop());
    hear(first);
    const stop = hear(removed);
    await auth.login(ada);
    await settled();
    expect(first).toHaveBeenCalledTimes(1);
    expect(removed).not.toHaveBeenCalled();
    await auth.login(ada);
    await settled();
    expect(first).toHaveBeenCalledTimes(2);
    expect(removed).not.toHaveBeenCalled();
  });

  test("a listener that throws changes nothing of the call's result nor stops the others (its error is still seen)", async () => {
    platform.state.settings.published = false;
    const auth = setUp();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    const later = vi.fn();
    const hear = configurationRefusals(auth);
    hear(() => {
      throw new Error('listener bug');
    });
    hear(later);
    const result = await auth.login(ada);
    await settled();
    process.off('uncaughtException', onError);
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'SITE_MISCONFIGURED' });
    expect(later).toHaveBeenCalledTimes(1);
    expect(errors).toMatchObject([{ message: 'listener bug' }]);
  });

  test('each member client has its own listeners', async () => {
    platform.state.settings.published = false;
    const refused = setUp();
    const other = setUp();
    const heard = vi.fn();
    configurationRefusals(other)(heard);
    await refused.login(ada);
    await settled();
    expect(heard).not.toHaveBeenCalled();
  });

  test.each([
    ['an object of the same shape', { login: () => undefined }],
    ['null', null],
  ])('%s is refused with INVALID_ARGUMENT naming memberAuth', (_name, value) => {
    expect(() => configurationRefusals(value as never)).toThrow(
      expect.objectContaining({
        name: 'MemberAuthError',
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(
          'memberAuth must be a member client made by createMemberAuth of @site-identity/member-auth; got ',
        ) as unknown,
      }),
    );
  });
});
