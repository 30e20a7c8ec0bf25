import { describe, expect, test } from 'vitest';
import { isPlatformError } from '@site-identity/http';
import { isMemberAuthError } from './member-auth-error';
import { usePlatform } from './test-platform';

const { platform, createAuth } = usePlatform();
const ada = { email: 'ada@example.com', password: 'correct horse' };
const LOGIN = '/_api/iam/authentication/v2/login';

const sentTo = (path: string) => platform.state.requests.filter((entry) => entry.path === path);

describe('a call aborted by its signal', () => {
  test('login with a signal aborted while the platform answers: FAILURE ABORTED, the visitor stays', async () => {
    platform.state.addMember(ada);
    platform.faults.inject({ path: LOGIN, kind: 'latency', latencyMs: 5000 });
    const { auth, tokens } = createAuth();
    const controller = new AbortController();
    const pending = auth.login({ ...ada, completeLogin: false, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const result = await pending;
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'ABORTED' });
    // The one origin of ABORTED: http's abort error, not a MemberAuthError.
    const cause = result.loginState === 'FAILURE' ? result.cause : undefined;
    expect(isPlatformError(cause) && [cause.name, cause.kind, cause.code]).toEqual([
      'PlatformError',
      'aborted',
      'ABORTED',
    ]);
    expect(isMemberAuthError(cause)).toBe(false);
    expect(tokens.isLoggedIn()).toBe(false);
  });

  test('login with a signal aborted before the call: FAILURE ABORTED, nothing sent to /v2/login', async () => {
    platform.state.addMember(ada);
    const { auth } = createAuth();
    const result = await auth.login({ ...ada, completeLogin: false, signal: AbortSignal.abort() });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'ABORTED',
      cause: { name: 'PlatformError', kind: 'aborted', code: 'ABORTED' },
    });
    expect(sentTo(LOGIN)).toHaveLength(0);
  });

  test('a signal that is not an AbortSignal: FAILURE INVALID_ARGUMENT with the exact message', async () => {
    const { auth } = createAuth();
    const result = await auth.login({ ...ada, signal: 'stop' as never });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
      error: 'Check what you entered and try again.',
      cause: { message: 'signal must be an AbortSignal; got "stop"' },
    });
    expect(platform.state.requests).toHaveLength(0);
  });

  test("a call without a result type rejects with http's one abort error (PlatformError ABORTED) and keeps the member", async () => {
    platform.state.addMember(ada);
    const { auth, tokens } = createAuth({ emulateSilentLogin: true });
    expect((await auth.login(ada)).loginState).toBe('SUCCESS');
    await expect(
      auth.changePassword('another secret', { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'PlatformError', kind: 'aborted', code: 'ABORTED' });
    expect(tokens.isLoggedIn()).toBe(true);
  });

  test('sendPasswordResetEmail takes the signal in its options', async () => {
    const { auth } = createAuth();
    await expect(
      auth.sendPasswordResetEmail(ada.email, {
        redirectUri: 'https://shop.example/reset',
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ name: 'PlatformError', kind: 'aborted', code: 'ABORTED' });
    expect(sentTo('/_api/iam/recovery/v1/send-email')).toHaveLength(0);
  });
});
