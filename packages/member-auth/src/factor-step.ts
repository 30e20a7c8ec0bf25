import { attempt, describeValue, isRecord } from '@site-identity/http/internal';
import { internals } from './internals';
import type { CallSignal } from './call-signal';
import type { LoginCompletionOptions } from './login-completion';
import { loginProblem } from './login-problem';
import type { LoginProblem } from './login-result';
import type { MemberAuth } from './member-auth';

/**
 * What the separate imports that finish a second factor (`verifyWithPasskey`,
 * `waitForPushApproval`) take besides their own options.
 *
 * @example
 * ```ts
 * import type { FactorStepOptions } from '@site-identity/member-auth';
 * declare const stateToken: string;
 *
 * const step: FactorStepOptions = { stateToken, rememberThisDevice: true, completeLogin: 'frame' };
 * ```
 */
export interface FactorStepOptions extends LoginCompletionOptions, CallSignal {
  /** The state token of the `REQUIRE_MFA` answer (`result.data.stateToken`). */
  stateToken: string;
  /** Skip the second factor on this device next time. Default false. */
  rememberThisDevice?: boolean | undefined;
}

/**
 * The common options of a factor step, checked (a FAILURE `INVALID_ARGUMENT` result
 * otherwise): the client, the state token and the signal; the rest passes to
 * `verifyFactor` as it came.
 */
export function factorStep(
  memberAuth: unknown,
  options: unknown,
): { step: FactorStepOptions; auth: MemberAuth } | LoginProblem {
  const invalid = (message: string) => loginProblem('INVALID_ARGUMENT', message);
  // Borrowed, not duck-typed: only a client createMemberAuth made passes.
  if (attempt(() => internals.borrow(memberAuth)) === undefined)
    return invalid(
      `memberAuth must be the client of createMemberAuth; got ${describeValue(memberAuth)}`,
    );
  const given: Partial<FactorStepOptions> = isRecord(options) ? options : {};
  const { stateToken, signal } = given;
  if (typeof stateToken !== 'string' || stateToken === '')
    return invalid(`stateToken must be a non-empty string; got ${describeValue(stateToken)}`);
  if (signal !== undefined && !(signal instanceof AbortSignal))
    return invalid(`signal must be an AbortSignal; got ${describeValue(signal)}`);
  const { rememberThisDevice, completeLogin, frameBudgetMs, redirectUri, originalUri } = given;
  return {
    auth: memberAuth as MemberAuth,
    step: {
      stateToken,
      signal,
      rememberThisDevice,
      completeLogin,
      frameBudgetMs,
      redirectUri,
      originalUri,
    },
  };
}
