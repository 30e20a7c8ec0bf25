import { isRecord } from '@site-identity/http/internal';
import type { Identity } from './identity';
import { isFilled } from './input-checks';
import { loginProblem } from './login-problem';
import type { LoginResult } from './login-result';
import { toMfaChallenge } from './mfa-challenge';

/**
 * The states the platform answers register, login and verification with. Any
 * other string (`STATUS_CHECK`, `REQUIRE_MFA`, …) maps to a FAILURE.
 *
 * @example
 * ```ts
 * import type { ServerLoginState } from '@site-identity/member-auth';
 *
 * const done: ServerLoginState = 'SUCCESS';
 * ```
 */
export type ServerLoginState =
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'REQUIRE_MFA'
  | 'STATUS_CHECK'
  | (string & {});

/**
 * Maps a register, login or verification answer (`{ state, sessionToken?,
 * stateToken?, identity?, additionalData?, mfaChallengeData? }`, any JSON) to a
 * {@link LoginResult}:
 *
 * - `SUCCESS` with a session token → `SUCCESS`, `data: { sessionToken }`;
 * - `REQUIRE_OWNER_APPROVAL` → `OWNER_APPROVAL_REQUIRED`;
 * - `REQUIRE_EMAIL_VERIFICATION` with a state token → `EMAIL_VERIFICATION_REQUIRED`,
 *   `data: { stateToken }`;
 * - anything else → `FAILURE`, error `'Unknown state'`, errorCode `UNKNOWN_STATE`,
 *   `serverState` the state received, and for `REQUIRE_MFA` the `stateToken` in
 *   `data` and the challenge as `mfa`;
 * - SUCCESS without a session token, or email verification without a state token,
 *   or no JSON object at all → `FAILURE` with errorCode `SERVER_ERROR`.
 *
 * It never touches the network and never throws.
 *
 * @example
 * ```ts
 * import { toLoginResult } from '@site-identity/member-auth';
 *
 * toLoginResult({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' });
 * // { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st' } }
 * ```
 */
export function toLoginResult(body: unknown, requestId?: string): LoginResult {
  if (!isRecord(body)) {
    return loginProblem('SERVER_ERROR', 'The platform answered without a login state', {
      requestId,
    });
  }
  const { state, sessionToken, stateToken } = body;
  const extras: { identity?: Identity; additionalData?: Record<string, unknown> } = {};
  if (isRecord(body['identity'])) extras.identity = body['identity'];
  if (isRecord(body['additionalData'])) extras.additionalData = body['additionalData'];

  if (state === 'SUCCESS' && isFilled(sessionToken))
    return { loginState: 'SUCCESS', data: { sessionToken }, ...extras };
  if (state === 'REQUIRE_OWNER_APPROVAL')
    return { loginState: 'OWNER_APPROVAL_REQUIRED', data: {}, ...extras };
  if (state === 'REQUIRE_EMAIL_VERIFICATION' && isFilled(stateToken))
    return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken }, ...extras };
  // A state that carries a token, without it.
  if (state === 'SUCCESS' || state === 'REQUIRE_EMAIL_VERIFICATION')
    return loginProblem('SERVER_ERROR', `The platform answered ${state} without its token`, {
      requestId,
      serverState: state,
      ...extras,
    });
  return loginProblem('UNKNOWN_STATE', 'Unknown state', {
    requestId,
    data: isFilled(stateToken) ? { stateToken } : {},
    serverState: typeof state === 'string' ? state : undefined,
    mfa: toMfaChallenge(body['mfaChallengeData']),
    ...extras,
  });
}
