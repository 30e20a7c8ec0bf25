import { describe, expect, test } from 'vitest';
import { usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, server, createAuth, serviceRequests } = usePlatform();

const recoveryTokenOf = (link: string | undefined) =>
  new URL(link ?? 'https://invalid.test/').searchParams.get('recoveryToken') ?? '';

describe('password recovery', () => {
  test('the e-mailed link resets the password, and the new one logs in', async () => {
    platform.state.addMember({ ...ada, resetPasswordRequired: true });
    const { auth } = createAuth();
    expect(await auth.login({ ...ada, completeLogin: false })).toMatchObject({
      errorCode: 'resetPassword',
    });

    await auth.sendPasswordResetEmail(ada.email, { redirectUri: 'https://shop.example/reset' });
    const link = platform.state.lastEmail({ to: ada.email, kind: 'recovery' })?.link;
    expect(link).toMatch(/^https:\/\/shop\.example\/reset\?recoveryToken=/);

    await auth.resetPassword(recoveryTokenOf(link), 'a new secret');
    expect(
      await auth.login({ ...ada, password: 'a new secret', completeLogin: false }),
    ).toMatchObject({ loginState: 'SUCCESS' });
  });

  test('sends e-mail, language and the redirect with the client id', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/v1/send-email')) bodies.push(await request.clone().json());
    });
    const { auth } = createAuth();
    await auth.sendPasswordResetEmail(ada.email, {
      redirectUri: 'https://shop.example/reset',
      language: 'fr',
    });
    server.events.removeAllListeners();
    expect(bodies).toEqual([
      {
        email: ada.email,
        language: 'fr',
        redirect: { url: 'https://shop.example/reset', clientId: expect.any(String) },
      },
    ]);
  });

  test('a used recovery token is the platform’s rejection', async () => {
    platform.state.addMember(ada);
    const { auth } = createAuth();
    await auth.sendPasswordResetEmail(ada.email, { redirectUri: 'https://shop.example/reset' });
    const token = recoveryTokenOf(platform.state.lastEmail({ kind: 'recovery' })?.link);
    await auth.resetPassword(token, 'first');
    await expect(auth.resetPassword(token, 'second')).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'REQUEST_FAILED',
      requestId: expect.any(String),
      cause: expect.objectContaining({ code: 'INVALID_RECOVERY_TOKEN' }),
    });
  });

  test.each([
    [
      'a malformed e-mail',
      (auth: Auth) => auth.sendPasswordResetEmail('ada', { redirectUri: 'https://a.example/' }),
      'INVALID_EMAIL',
    ],
    [
      'a relative redirect',
      (auth: Auth) => auth.sendPasswordResetEmail(ada.email, { redirectUri: '/reset' }),
      'INVALID_ARGUMENT',
    ],
    [
      'no options',
      (auth: Auth) => auth.sendPasswordResetEmail(ada.email, undefined as never),
      'INVALID_ARGUMENT',
    ],
    [
      'a javascript: redirect',
      (auth: Auth) =>
        auth.sendPasswordResetEmail(ada.email, { redirectUri: 'javascript:alert(1)' }),
      'INVALID_ARGUMENT',
    ],
    ['an empty recovery token', (auth: Auth) => auth.resetPassword('', 'x'), 'INVALID_ARGUMENT'],
    ['an empty password', (auth: Auth) => auth.resetPassword('token', ''), 'INVALID_PASSWORD'],
  ])('%s is rejected without a request', async (_, call, code) => {
    const { auth } = createAuth();
    await expect(call(auth)).rejects.toMatchObject({ name: 'MemberAuthError', code });
    expect(serviceRequests()).toHaveLength(0);
  });

  test('a network failure rejects with NETWORK_ERROR', async () => {
    platform.faults.inject({ path: '/_api/iam/recovery/', kind: 'network' });
    const { auth } = createAuth();
    await expect(
      auth.sendPasswordResetEmail(ada.email, { redirectUri: 'https://a.example/' }),
    ).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});

describe('sendActivationEmail', () => {
  test('e-mails an activation link that sets the first password', async () => {
    const member = platform.state.addMember({ email: ada.email });
    const { auth } = createAuth();
    await auth.sendActivationEmail(member.id, {
      redirect: { url: 'https://shop.example/activate' },
    });
    const link = platform.state.lastEmail({ kind: 'activation' })?.link;
    expect(link).toMatch(/^https:\/\/shop\.example\/activate\?recoveryToken=/);
    await auth.resetPassword(recoveryTokenOf(link), ada.password);
    expect(await auth.login({ ...ada, completeLogin: false })).toMatchObject({
      loginState: 'SUCCESS',
    });
  });

  test('an unknown identity is the platform’s rejection', async () => {
    const { auth } = createAuth();
    await expect(auth.sendActivationEmail('nobody')).rejects.toMatchObject({
      code: 'REQUEST_FAILED',
    });
  });
});

describe('changePassword', () => {
  test('for a logged-in member', async () => {
    platform.state.addMember(ada);
    const { auth, tokens } = createAuth({ emulateSilentLogin: true });
    await auth.login(ada);
    expect(tokens.isLoggedIn()).toBe(true);
    await auth.changePassword('a new secret');
    expect(
      await auth.login({ ...ada, password: 'a new secret', completeLogin: false }),
    ).toMatchObject({ loginState: 'SUCCESS' });
  });

  test('a visitor gets NOT_LOGGED_IN without a request', async () => {
    const { auth } = createAuth();
    await expect(auth.changePassword('a new secret')).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'NOT_LOGGED_IN',
    });
    expect(platform.state.requests).toHaveLength(0);
  });
});

type Auth = ReturnType<typeof createAuth>['auth'];
