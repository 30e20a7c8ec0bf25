// The separate import `@site-identity/member-auth/push`: waiting for a push approval,
// so that an app that offers no push factor does not download the polling.
import { describeValue, isRecord } from '@site-identity/http/internal';
import { factorStep, type FactorStepOptions } from './factor-step';
import { loginProblem } from './login-problem';
import type { LoginResult } from './login-result';
import type { MemberAuth } from './member-auth';
import type { MfaChallengeData } from './mfa-challenge';

/**
 * The OAuth flow time-out (spec §9): how long a push approval is waited for by default.
 *
 * @example
 * ```ts
 * import { DEFAULT_PUSH_TIMEOUT_MS } from '@site-identity/member-auth/push';
 *
 * const halfTheDefault = DEFAULT_PUSH_TIMEOUT_MS / 2; // 60000
 * ```
 */
export const DEFAULT_PUSH_TIMEOUT_MS = 120_000;

/**
 * Where a {@link waitForPushApproval} stands, after each answer that says "not yet".
 *
 * @example
 * ```ts
 * import type { PushProgress } from '@site-identity/member-auth/push';
 *
 * const say = (p: PushProgress) => `Approve on your phone (${Math.ceil(p.remainingMs / 1000)} s left)`;
 * ```
 */
export interface PushProgress {
  /** The push transaction waited for. */
  transactionId: string;
  /** Verify requests made so far. */
  attempt: number;
  /** Time since the wait began. */
  elapsedMs: number;
  /** Time left before the wait gives up (`PUSH_TIMED_OUT`). */
  remainingMs: number;
  /** When the next request goes out. */
  nextPollInMs: number;
}

/**
 * What {@link waitForPushApproval} takes.
 *
 * @example
 * ```ts
 * import type { PushApprovalOptions } from '@site-identity/member-auth/push';
 * import type { MfaChallengeData } from '@site-identity/member-auth';
 * declare const stateToken: string;
 * declare const mfa: MfaChallengeData;
 *
 * const options: PushApprovalOptions = { stateToken, challenge: mfa, timeoutMs: 60_000 };
 * ```
 */
export interface PushApprovalOptions extends FactorStepOptions {
  /** The result's `mfa` (its `pushData`), or the push transaction id itself. */
  challenge: MfaChallengeData | string;
  /** How long to wait in all. Default the OAuth flow time-out, 120000 ms. */
  timeoutMs?: number | undefined;
  /** The first pause between requests; each next one is 1.5 times longer. Default 1000 ms. */
  intervalMs?: number | undefined;
  /** The longest pause between requests. Default 5000 ms. */
  maxIntervalMs?: number | undefined;
  /** Called after each "not yet" (and after a transient failure), before the pause. */
  onProgress?: ((progress: PushProgress) => void) | undefined;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: (() => number) | undefined;
}

const BACK_OFF = 1.5;

/** What the member reads for this import's own codes (the others: `memberText`). */
const MEMBER_TEXTS: Record<string, string> = {
  PUSH_DENIED: 'The sign-in was denied on your device. Try again, or choose another way to verify.',
  PUSH_EXPIRED: 'The sign-in request on your device expired. Log in again to get a new one.',
  PUSH_TIMED_OUT:
    'No answer came from your device in time. Log in again, or choose another way to verify.',
};

const problem = (
  code: 'PUSH_DENIED' | 'PUSH_EXPIRED' | 'PUSH_TIMED_OUT' | 'ABORTED' | 'INVALID_ARGUMENT',
  message: string,
  cause?: unknown,
) => loginProblem(code, message, { cause, memberText: MEMBER_TEXTS[code] });

/** The pause between requests, ended early by the signal. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, signal?.aborted ? 0 : ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** A positive duration option, or its default; a message naming it otherwise. */
function duration(value: unknown, name: string, fallback: number): number | string {
  if (value === undefined) return fallback;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : `${name} must be a positive number of milliseconds; got ${describeValue(value)}`;
}

/** What an answer means for the wait: done (a result), or keep waiting. */
function verdict(result: LoginResult): LoginResult | 'wait' {
  if (result.loginState !== 'FAILURE') return result;
  if (result.serverState === 'REQUIRE_MFA') return 'wait';
  const platform = result.cause.cause as { code?: unknown; retryable?: unknown } | undefined;
  if (platform?.code === 'PUSH_DENIED')
    return problem(
      'PUSH_DENIED',
      'The member denied the push sign-in on the device (verify PUSH)',
      result.cause,
    );
  if (platform?.code === 'PUSH_EXPIRED')
    return problem(
      'PUSH_EXPIRED',
      'The push sign-in request expired on the platform (verify PUSH)',
      result.cause,
    );
  return platform?.retryable === true ? 'wait' : result;
}

/**
 * Waits for the member to approve the push sign-in on their device: asks
 * `memberAuth.verifyFactor('PUSH', { transactionId })` until the platform answers
 * SUCCESS, pausing between requests with back-off (1 s, then 1.5 times longer, at
 * most 5 s), within `timeoutMs` (default the OAuth flow time-out, 120000 ms).
 * `onProgress` hears of each "not yet"; a transient failure (network, 5xx, 429)
 * counts as "not yet".
 *
 * Resolves with a {@link LoginResult} for every outcome and never rejects: SUCCESS
 * (the login is completed as `completeLogin` says); FAILURE `PUSH_DENIED` (the member
 * said no on the device), `PUSH_EXPIRED` (the platform's request expired),
 * `PUSH_TIMED_OUT` (no answer within `timeoutMs`), `ABORTED` (the `signal`; no
 * request is left waiting), `INVALID_ARGUMENT` (before any request); any other
 * platform answer as `verifyFactor` resolves it.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import { waitForPushApproval } from '@site-identity/member-auth/push';
 * declare const memberAuth: MemberAuth;
 * declare const status: HTMLElement;
 *
 * const result = await memberAuth.login({ email: 'ada@example.com', password: 'correct horse' });
 * if (result.loginState === 'FAILURE' && result.mfa?.verificationChallengeData.pushData) {
 *   const approved = await waitForPushApproval(memberAuth, {
 *     stateToken: result.data.stateToken ?? '',
 *     challenge: result.mfa,
 *     onProgress: ({ remainingMs }) => {
 *       status.textContent = `Approve on your phone (${Math.ceil(remainingMs / 1000)} s left)`;
 *     },
 *   });
 *   status.textContent = approved.loginState === 'SUCCESS' ? 'Welcome back' : (approved.error ?? '');
 * }
 * ```
 */
export async function waitForPushApproval(
  memberAuth: MemberAuth,
  options: PushApprovalOptions,
): Promise<LoginResult> {
  const checked = factorStep(memberAuth, options);
  if ('loginState' in checked) return checked;
  const { step, auth } = checked;
  const given = options as Partial<PushApprovalOptions>;
  const transactionId =
    typeof given.challenge === 'string'
      ? given.challenge
      : (isRecord(given.challenge) ? given.challenge : undefined)?.verificationChallengeData
          ?.pushData?.transactionId;
  if (typeof transactionId !== 'string' || transactionId === '')
    return problem(
      'INVALID_ARGUMENT',
      `challenge must be the REQUIRE_MFA answer's mfa with pushData, or its transaction id; got ${describeValue(given.challenge)}`,
    );
  const timeoutMs = duration(given.timeoutMs, 'timeoutMs', DEFAULT_PUSH_TIMEOUT_MS);
  const intervalMs = duration(given.intervalMs, 'intervalMs', 1000);
  const maxIntervalMs = duration(given.maxIntervalMs, 'maxIntervalMs', 5000);
  for (const value of [timeoutMs, intervalMs, maxIntervalMs])
    if (typeof value === 'string') return problem('INVALID_ARGUMENT', value);
  const { onProgress, now = Date.now } = given;
  if (onProgress !== undefined && typeof onProgress !== 'function')
    return problem(
      'INVALID_ARGUMENT',
      `onProgress must be a function; got ${describeValue(onProgress)}`,
    );

  const { signal } = step;
  const start = now();
  let delay = intervalMs as number;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted)
      return problem(
        'ABORTED',
        'Waiting for the push approval was aborted by its signal',
        signal.reason,
      );
    const next = verdict(await auth.verifyFactor('PUSH', { ...step, transactionId }));
    if (next !== 'wait') return next;
    const elapsedMs = now() - start;
    const remainingMs = (timeoutMs as number) - elapsedMs;
    if (remainingMs <= 0)
      return problem(
        'PUSH_TIMED_OUT',
        `No push approval within timeoutMs (${String(timeoutMs)} ms)`,
      );
    const nextPollInMs = Math.min(delay, remainingMs);
    onProgress?.({ transactionId, attempt, elapsedMs, remainingMs, nextPollInMs });
    await pause(nextPollInMs, signal);
    delay = Math.min(delay * BACK_OFF, maxIntervalMs as number);
  }
}
