// The separate import `@site-identity/member-auth/webauthn`: the passkey ceremony,
// so that an app that offers no passkey does not download it.
import { describeValue, isRecord } from '@site-identity/http/internal';
import { factorStep, type FactorStepOptions } from './factor-step';
import { loginProblem, type ProblemCode } from './login-problem';
import type { LoginResult } from './login-result';
import type { MemberAuth } from './member-auth';
import type { MfaChallengeData, WebauthnChallenge } from './mfa-challenge';
import { assertionJson, requestOptionsOf, type PasskeyCredentials } from './webauthn-ceremony';

export type { PasskeyCredentials } from './webauthn-ceremony';

/**
 * What {@link verifyWithPasskey} takes.
 *
 * @example
 * ```ts
 * import type { PasskeyVerification } from '@site-identity/member-auth/webauthn';
 * import type { MfaChallengeData } from '@site-identity/member-auth';
 * declare const stateToken: string;
 * declare const mfa: MfaChallengeData;
 *
 * const options: PasskeyVerification = { stateToken, challenge: mfa, rememberThisDevice: true };
 * ```
 */
export interface PasskeyVerification extends FactorStepOptions {
  /** The challenge: the result's `mfa`, or its `verificationChallengeData.webauthnData`. */
  challenge: MfaChallengeData | WebauthnChallenge;
  /** Where to ask for the passkey. Default `navigator.credentials`. */
  credentials?: PasskeyCredentials | undefined;
}

const MESSAGES = {
  WEBAUTHN_UNSUPPORTED:
    'Passkeys (WebAuthn) are not available here: this browser, an insecure page or a server has no navigator.credentials.get. Choose another way to verify.',
  WEBAUTHN_CANCELLED:
    'The passkey (WebAuthn) request was cancelled or timed out (NotAllowedError). Try again, or choose another way to verify.',
  WEBAUTHN_NO_AUTHENTICATOR:
    'No authenticator offered a passkey (WebAuthn) for this site. Use the device that holds your passkey, or choose another way to verify.',
  WEBAUTHN_FAILED: 'The passkey (WebAuthn) request failed',
} as const;

type WebauthnCode = keyof typeof MESSAGES;

/** What the member reads for this import's own codes (the others: `memberText`). */
const MEMBER_TEXTS: Record<string, string> = {
  WEBAUTHN_UNSUPPORTED: 'Passkeys do not work here. Choose another way to verify.',
  WEBAUTHN_CANCELLED:
    'The passkey request was cancelled or timed out. Try again, or choose another way to verify.',
  WEBAUTHN_NO_AUTHENTICATOR:
    'No passkey for this site was found. Use the device that holds it, or choose another way to verify.',
  WEBAUTHN_FAILED: 'The passkey could not be used. Try again, or choose another way to verify.',
};

const failure = (code: ProblemCode, message: string, cause?: unknown) =>
  loginProblem(code, message, { cause, memberText: MEMBER_TEXTS[code] });

const webauthnFailure = (code: WebauthnCode, cause?: unknown, detail?: string) =>
  failure(code, detail ? `${MESSAGES[code]}: ${detail}` : MESSAGES[code], cause);

/** A WebAuthn error (a `DOMException` by its name) as a typed answer. */
function ceremonyFailure(error: unknown, signal: AbortSignal | undefined): LoginResult {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || signal?.aborted)
    return failure('ABORTED', 'The passkey (WebAuthn) request was aborted by its signal', error);
  if (name === 'NotAllowedError') return webauthnFailure('WEBAUTHN_CANCELLED', error);
  if (name === 'NotSupportedError') return webauthnFailure('WEBAUTHN_UNSUPPORTED', error);
  if (name === 'InvalidStateError' || name === 'NotFoundError')
    return webauthnFailure('WEBAUTHN_NO_AUTHENTICATOR', error);
  return webauthnFailure(
    'WEBAUTHN_FAILED',
    error,
    `${String(name)} ${String((error as Error)?.message)}`,
  );
}

/** The WebAuthn challenge of `challenge` (the result's `mfa` or its `webauthnData`), or undefined. */
function webauthnChallengeOf(challenge: unknown): WebauthnChallenge | undefined {
  const data =
    isRecord(challenge) && 'challengeId' in challenge
      ? challenge
      : (challenge as MfaChallengeData | undefined)?.verificationChallengeData?.webauthnData;
  return typeof data?.challengeId === 'string' &&
    typeof data.publicKeyCredentialRequestOptionsJson === 'string'
    ? (data as WebauthnChallenge)
    : undefined;
}

/** Everything before `navigator.credentials.get`, synchronous: the checks and the options. */
function prepare(memberAuth: MemberAuth, options: PasskeyVerification) {
  const checked = factorStep(memberAuth, options);
  if ('loginState' in checked) return checked;
  const { step, auth } = checked;
  const { signal } = step;
  const challenge = webauthnChallengeOf(options.challenge);
  if (challenge === undefined)
    return failure(
      'INVALID_ARGUMENT',
      `challenge must be the passkey challenge of the REQUIRE_MFA answer (result.mfa or its verificationChallengeData.webauthnData); got ${describeValue(options.challenge)}`,
    );
  const credentials =
    options.credentials ??
    (typeof PublicKeyCredential === 'function' ? globalThis.navigator?.credentials : undefined);
  if (typeof credentials?.get !== 'function') return webauthnFailure('WEBAUTHN_UNSUPPORTED');
  if (signal?.aborted)
    return failure(
      'ABORTED',
      'The passkey (WebAuthn) request was aborted by its signal',
      signal.reason,
    );
  try {
    const publicKey = requestOptionsOf(challenge.publicKeyCredentialRequestOptionsJson);
    return { credentials, publicKey, challenge, step, auth };
  } catch (error) {
    return webauthnFailure(
      'WEBAUTHN_FAILED',
      error,
      'the request options of the challenge do not parse',
    );
  }
}

/**
 * Verifies the second factor with a passkey: runs the WebAuthn ceremony from the
 * challenge of the `REQUIRE_MFA` answer and sends the assertion with
 * `memberAuth.verifyFactor('WEBAUTHN', { challengeId, credential })`.
 *
 * `navigator.credentials.get` is called in the caller's turn (no await before it),
 * so call this straight from the member's click: browsers that require a user
 * gesture then show the passkey prompt. The request options come from
 * `PublicKeyCredential.parseRequestOptionsFromJSON` where the browser has it, a
 * small decoder otherwise; the credential is sent as the JSON of its `toJSON()`.
 *
 * Resolves with a {@link LoginResult} for every outcome, never rejects, and never
 * sends a request without a credential: WebAuthn unavailable (an older browser, an
 * insecure page, Node) is FAILURE `WEBAUTHN_UNSUPPORTED`; the member cancelled (or
 * the prompt timed out, `NotAllowedError`) `WEBAUTHN_CANCELLED`; no authenticator
 * with a passkey for the site `WEBAUTHN_NO_AUTHENTICATOR`; anything else
 * `WEBAUTHN_FAILED`; the `signal` `ABORTED`. The platform's answer resolves like
 * `verifyFactor`.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import { verifyWithPasskey } from '@site-identity/member-auth/webauthn';
 * declare const memberAuth: MemberAuth;
 * declare const button: HTMLButtonElement;
 *
 * const result = await memberAuth.login({ email: 'ada@example.com', password: 'correct horse' });
 * if (result.loginState === 'FAILURE' && result.mfa?.verificationChallengeData.webauthnData) {
 *   const { mfa } = result;
 *   const stateToken = result.data.stateToken ?? '';
 *   button.onclick = async () => {
 *     const verified = await verifyWithPasskey(memberAuth, { stateToken, challenge: mfa });
 *     if (verified.errorCode === 'WEBAUTHN_CANCELLED') button.textContent = 'Try again';
 *   };
 * }
 * ```
 */
export function verifyWithPasskey(
  memberAuth: MemberAuth,
  options: PasskeyVerification,
): Promise<LoginResult> {
  const prepared = prepare(memberAuth, options);
  if ('loginState' in prepared) return Promise.resolve(prepared);
  const { credentials, publicKey, challenge, step, auth } = prepared;
  const { signal } = step;
  let pending: Promise<unknown>;
  try {
    pending = Promise.resolve(credentials.get({ publicKey, ...(signal && { signal }) }));
  } catch (error) {
    pending = Promise.reject(error);
  }
  return pending.then(
    (credential) => {
      if (credential === null || typeof credential !== 'object')
        return webauthnFailure('WEBAUTHN_NO_AUTHENTICATOR');
      return auth.verifyFactor('WEBAUTHN', {
        ...step,
        challengeId: challenge.challengeId,
        credential: JSON.stringify(assertionJson(credential)),
      });
    },
    (error: unknown) => ceremonyFailure(error, signal),
  );
}
