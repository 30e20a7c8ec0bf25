import { describe, expect, test } from 'vitest';
import type { LoginProblem } from './login-result';
import { waitForPushApproval, type PushProgress } from './push';
import { usePlatform } from './test-platform';

const ada = { email: 'ada@example.com', password: 'correct horse' };
const { platform, createAuth, serviceRequests } = usePlatform();
const PUSH_PATH = '/_api/iam/authentication/v2/push/verify';

async function challenged() {
  platform.state.addMember({ ...ada, mfa: { factorType: 'push' } });
  const { auth, tokens } = createAuth({ emulateSilentLogin: true });
  const result = (await auth.login(ada)) as LoginProblem;
  const transactionId = result.mfa?.verificationChallengeData.pushData?.transactionId ?? '';
  const transaction = platform.state.push.get(transactionId)!;
  return { auth, tokens, stateToken: result.data.stateToken ?? '', mfa: result.mfa!, transaction };
}

const pushRequests = () => serviceRequests().filter((entry) => entry.path === PUSH_PATH);

describe('waitForPushApproval', () => {
  test('polls with back-off, reports progress, and logs in once the device approves', async () => {
    const { auth, tokens, stateToken, mfa, transaction } = await challenged();
    const progress: PushProgress[] = [];
    const result = await waitForPushApproval(auth, {
      stateToken,
      challenge: mfa,
      intervalMs: 20,
      maxIntervalMs: 40,
      onProgress: (step) => {
        progress.push(step);
        if (step.attempt === 3) transaction.status = 'APPROVED';
      },
    });
    expect(result.loginState).toBe('SUCCESS');
    expect(tokens.isLoggedIn()).toBe(true);
    expect(progress.map((step) => [step.attempt, step.nextPollInMs])).toEqual([
      [1, 20],
      [2, 30],
      [3, 40],
    ]);
    expect(progress[0]).toMatchObject({
      transactionId: transaction.transactionId,
      elapsedMs: expect.any(Number),
      remainingMs: expect.any(Number),
    });
    expect(pushRequests()).toHaveLength(4);
  });

  test('push denied on the device: PUSH_DENIED', async () => {
    const { auth, stateToken, mfa, transaction } = await challenged();
    const result = await waitForPushApproval(auth, {
      stateToken,
      challenge: mfa,
      intervalMs: 10,
      onProgress: () => {
        transaction.status = 'DENIED';
      },
    });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'PUSH_DENIED',
      error: 'The sign-in was denied on your device. Try again, or choose another way to verify.',
    });
    expect(pushRequests()).toHaveLength(2);
  });

  test('the platform’s request expired: PUSH_EXPIRED', async () => {
    const { auth, stateToken, mfa, transaction } = await challenged();
    Object.assign(transaction, { expiresAt: 0 });
    const result = await waitForPushApproval(auth, { stateToken, challenge: mfa });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'PUSH_EXPIRED' });
  });

  test('no answer within timeoutMs: PUSH_TIMED_OUT, bounded', async () => {
    const { auth, stateToken, mfa } = await challenged();
    const started = Date.now();
    const result = await waitForPushApproval(auth, {
      stateToken,
      challenge: mfa.verificationChallengeData.pushData!.transactionId,
      timeoutMs: 120,
      intervalMs: 20,
    });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'PUSH_TIMED_OUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pushRequests().length).toBeGreaterThanOrEqual(3);
  });

  test('the signal ends the wait at once: ABORTED, no further request', async () => {
    const { auth, stateToken, mfa } = await challenged();
    const controller = new AbortController();
    const result = await waitForPushApproval(auth, {
      stateToken,
      challenge: mfa,
      intervalMs: 60_000,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'ABORTED',
      cause: { name: 'PlatformError', kind: 'aborted', code: 'ABORTED' },
    });
    expect(pushRequests()).toHaveLength(1);
  });

  test('a transient failure (503) counts as not yet', async () => {
    const { auth, stateToken, mfa, transaction } = await challenged();
    platform.faults.inject({ path: PUSH_PATH, kind: 'status', status: 503, times: 1 });
    const progress: number[] = [];
    const result = await waitForPushApproval(auth, {
      stateToken,
      challenge: mfa,
      intervalMs: 10,
      onProgress: ({ attempt }) => {
        progress.push(attempt);
        transaction.status = 'APPROVED';
      },
    });
    expect(result.loginState).toBe('SUCCESS');
    expect(progress).toEqual([1]);
  });

  test.each<[string, Record<string, unknown>, string]>([
    [
      'no challenge',
      {},
      "challenge must be the REQUIRE_MFA answer's mfa with pushData, or its transaction id; got undefined",
    ],
    [
      'a challenge without push',
      { challenge: { availableFactors: [], verificationChallengeData: {} } },
      "challenge must be the REQUIRE_MFA answer's mfa with pushData, or its transaction id; got an object",
    ],
    [
      'a bad time-out',
      { challenge: 'tx', timeoutMs: -1 },
      'timeoutMs must be a positive number of milliseconds; got -1',
    ],
    [
      'a bad interval',
      { challenge: 'tx', intervalMs: 'soon' },
      'intervalMs must be a positive number of milliseconds; got "soon"',
    ],
    [
      'a bad progress callback',
      { challenge: 'tx', onProgress: 1 },
      'onProgress must be a function; got 1',
    ],
  ])('%s: INVALID_ARGUMENT without a request', async (_, options, error) => {
    const { auth } = createAuth();
    const result = await waitForPushApproval(auth, { stateToken: 'st', ...options } as never);
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'INVALID_ARGUMENT',
      cause: { message: error },
    });
    expect(serviceRequests()).toHaveLength(0);
  });
});
