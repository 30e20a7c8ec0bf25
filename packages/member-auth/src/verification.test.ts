import { describe, expect, test } from 'vitest';
import { verificationKey } from './verification-store';
import { CLIENT_ID, mapStorage, usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, createAuth, serviceRequests } = usePlatform({
  site: { requireEmailVerification: true },
});

const codeFor = (email: string) =>
  platform.state.lastEmail({ to: email, kind: 'verification' })?.code ?? '';

describe('verifyEmail', () => {
  test('after EMAIL_VERIFICATION_REQUIRED, the e-mailed code completes the login and the flow is forgotten', async () => {
    const storage = mapStorage();
    const { auth, silentLogin, tokens } = createAuth({ storage, emulateSilentLogin: true });
    const registered = await auth.register(ada);
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(auth.getPendingVerification()?.stateToken).toBe(registered.data.stateToken);

    const verified = await auth.verifyEmail({ code: codeFor(ada.email) });
    expect(verified.loginState).toBe('SUCCESS');
    expect(silentLogin).toHaveBeenCalledExactlyOnceWith(verified.data.sessionToken, {
      timeoutMs: expect.any(Number),
    });
    expect(tokens.isLoggedIn()).toBe(true);
    expect(storage.records.has(verificationKey(CLIENT_ID))).toBe(false);
    expect(auth.getPendingVerification()).toBeUndefined();
  });

  test('survives a reload: a new instance on the same session storage verifies', async () => {
    const storage = mapStorage();
    const before = createAuth({ storage });
    const registered = await before.auth.register({ ...ada, completeLogin: false });
    expect(registered.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    expect(storage.records.get(verificationKey(CLIENT_ID))).toContain(registered.data.stateToken);

    const after = createAuth({ storage });
    expect(after.auth.getPendingVerification()?.stateToken).toBe(registered.data.stateToken);
    const verified = await after.auth.verifyEmail({
      code: codeFor(ada.email),
      completeLogin: false,
    });
    expect(verified.loginState).toBe('SUCCESS');
  });

  test('without a stored flow it fails without a request', async () => {
    const { auth } = createAuth();
    const result = await auth.verifyEmail({ code: '123456' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'NO_PENDING_VERIFICATION' });
    expect(serviceRequests()).toHaveLength(0);
  });

  test('a state token that is not the stored flow fails without a request', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    const sent = serviceRequests().length;
    const result = await auth.verifyEmail({
      code: codeFor(ada.email),
      stateToken: 'someone-elses',
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'NO_PENDING_VERIFICATION' });
    expect(serviceRequests()).toHaveLength(sent);
  });

  test('the stored flow’s own state token is accepted', async () => {
    const { auth } = createAuth();
    const registered = await auth.register({ ...ada, completeLogin: false });
    const result = await auth.verifyEmail({
      code: codeFor(ada.email),
      stateToken: registered.data.stateToken,
      completeLogin: false,
    });
    expect(result.loginState).toBe('SUCCESS');
  });

  test('a wrong code fails and keeps the flow for another try', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    const wrong = await auth.verifyEmail({ code: '0000000', completeLogin: false });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'REQUEST_FAILED' });
    expect(wrong.cause?.cause).toMatchObject({ name: 'PlatformError', code: 'INVALID_CODE' });
    const right = await auth.verifyEmail({ code: codeFor(ada.email), completeLogin: false });
    expect(right.loginState).toBe('SUCCESS');
  });

  test('an empty code fails without a request', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    const sent = serviceRequests().length;
    expect(await auth.verifyEmail({ code: '' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
    });
    expect(serviceRequests()).toHaveLength(sent);
  });

  test('a later login with another outcome ends the flow', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    await auth.login({ email: 'nobody@example.com', password: 'x', completeLogin: false });
    expect(await auth.verifyEmail({ code: codeFor(ada.email) })).toMatchObject({
      errorCode: 'NO_PENDING_VERIFICATION',
    });
  });

  test('verification then owner approval', async () => {
    platform.state.settings.requireOwnerApproval = true;
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    const result = await auth.verifyEmail({ code: codeFor(ada.email) });
    expect(result.loginState).toBe('OWNER_APPROVAL_REQUIRED');
    expect(auth.getPendingVerification()).toBeUndefined();
  });

  test('a network failure is a FAILURE result, and the flow stays', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    platform.faults.inject({ path: '/_api/iam/verification/', kind: 'network' });
    expect(await auth.verifyEmail({ code: codeFor(ada.email) })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'NETWORK_ERROR',
    });
    expect(auth.getPendingVerification()).toBeDefined();
  });
});

describe('resendVerificationCode', () => {
  test('sends a new code for the stored flow; the new code verifies', async () => {
    const { auth } = createAuth();
    await auth.register({ ...ada, completeLogin: false });
    await auth.resendVerificationCode();
    expect(platform.state.outbox.filter((mail) => mail.kind === 'verification')).toHaveLength(2);
    const result = await auth.verifyEmail({ code: codeFor(ada.email), completeLogin: false });
    expect(result.loginState).toBe('SUCCESS');
  });

  test('without a flow it rejects with NO_PENDING_VERIFICATION and sends nothing', async () => {
    const { auth } = createAuth();
    await expect(auth.resendVerificationCode()).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'NO_PENDING_VERIFICATION',
    });
    expect(serviceRequests()).toHaveLength(0);
  });

  test('an unknown state token is the platform’s rejection', async () => {
    const { auth } = createAuth();
    await expect(auth.resendVerificationCode('unknown')).rejects.toMatchObject({
      name: 'MemberAuthError',
      code: 'REQUEST_FAILED',
      requestId: expect.any(String),
    });
  });
});

describe('startEmailVerification', () => {
  test('starts a flow that verifyEmail completes', async () => {
    const member = platform.state.addMember({ ...ada, emailVerified: false });
    const { auth } = createAuth();
    const { stateToken } = await auth.startEmailVerification(member.id);
    expect(auth.getPendingVerification()?.stateToken).toBe(stateToken);
    const result = await auth.verifyEmail({ code: codeFor(ada.email), completeLogin: false });
    expect(result.loginState).toBe('SUCCESS');
    expect(platform.state.findMember(ada.email)?.emailVerified).toBe(true);
  });

  test.each([[''], [undefined]])(
    'an identity id of %j is rejected without a request',
    async (identityId) => {
      const { auth } = createAuth();
      await expect(auth.startEmailVerification(identityId as string)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
      expect(serviceRequests()).toHaveLength(0);
    },
  );
});
