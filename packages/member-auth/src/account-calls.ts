import type { CallSignal } from './call-signal';
import { absoluteUrl, isRecord, optionsOf, requiredString } from '@site-identity/http/internal';
import { rejectingWithMemberAuthError } from './account-error';
import type { Identity, IdentityProfile } from './identity';
import { invalidArgument, isFilled, isValidEmail, refused } from './input-checks';
import type { PlatformCalls } from './platform-calls';
import type { MemberAuthTokens } from './ports';
import type { VerificationStore } from './verification-store';

/**
 * Options of `sendPasswordResetEmail`.
 *
 * @example
 * ```ts
 * import type { PasswordResetEmailOptions } from '@site-identity/member-auth';
 *
 * const options: PasswordResetEmailOptions = { redirectUri: 'https://shop.example/reset', language: 'fr' };
 * ```
 */
export interface PasswordResetEmailOptions extends CallSignal {
  /** Where the link in the e-mail leads; it gets the recovery token. An absolute URL. */
  redirectUri: string;
  /** The language of the e-mail. Default `'en'`. */
  language?: string;
}

/**
 * Options of `sendActivationEmail`, sent as `emailOptions`.
 *
 * @example
 * ```ts
 * import type { ActivationEmailOptions } from '@site-identity/member-auth';
 *
 * const options: ActivationEmailOptions = { redirect: { url: 'https://shop.example/welcome' } };
 * ```
 */
export interface ActivationEmailOptions {
  /** The language of the e-mail. */
  language?: string;
  /** Where the link in the e-mail leads; `clientId` defaults to this client's. */
  redirect?: { url: string; clientId?: string };
  [field: string]: unknown;
}

/**
 * What `signOn` takes.
 *
 * @example
 * ```ts
 * import type { SignOnParams } from '@site-identity/member-auth';
 *
 * const params: SignOnParams = { email: 'ada@example.com', verifyEmail: false, mergeExistingContact: true };
 * ```
 */
export interface SignOnParams extends CallSignal {
  /** The member's e-mail address, sent as `loginId: { email }`. */
  email: string;
  profile?: IdentityProfile;
  /** Ask the member to verify the address. Default false. */
  verifyEmail?: boolean;
  /** Attach the member to an existing contact with this address. Default false. */
  mergeExistingContact?: boolean;
}

/**
 * What `signOn` resolves with: the session token to complete the login with in
 * the browser (`redirects.silentLogin(sessionToken)`), and the identity.
 *
 * @example
 * ```ts
 * import type { SignOnResult } from '@site-identity/member-auth';
 *
 * const send = (result: SignOnResult) => Response.json({ sessionToken: result.sessionToken });
 * ```
 */
export interface SignOnResult {
  sessionToken: string;
  identity?: Identity;
}

/** What the account calls share with the factory. */
export interface AccountContext {
  readonly clientId: string;
  readonly calls: PlatformCalls;
  readonly tokens: MemberAuthTokens;
  readonly store: VerificationStore;
}

const required = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);

/** The calls that resolve with nothing (or a small answer) and reject with a `MemberAuthError`. */
export function accountCalls(ctx: AccountContext) {
  const { clientId, calls, tokens, store } = ctx;
  const { post } = calls;

  return {
    resendVerificationCode: (stateToken?: string, call?: CallSignal) =>
      rejectingWithMemberAuthError(async () => {
        const flow = store.read();
        const token = stateToken ?? flow?.stateToken;
        if (!isFilled(token)) {
          throw refused(
            'NO_PENDING_VERIFICATION',
            'No e-mail verification is in progress: log in or register first',
          );
        }
        const answer = await post('verification', '/v1/auth/resend', { stateToken: token }, call);
        const next = isRecord(answer) ? answer['stateToken'] : undefined;
        if (isFilled(next) && flow?.stateToken === token) store.write(next);
      }),

    sendPasswordResetEmail: (email: string, options: PasswordResetEmailOptions) =>
      rejectingWithMemberAuthError(async () => {
        if (!isValidEmail(email))
          throw refused('INVALID_EMAIL', 'Enter a valid e-mail address, like name@example.com');
        const given = optionsOf<PasswordResetEmailOptions>(options, 'options', invalidArgument);
        const url = given.redirectUri;
        absoluteUrl(url, 'options.redirectUri', invalidArgument);
        const language = given.language ?? 'en';
        await post(
          'recovery',
          '/v1/send-email',
          { email, language, redirect: { url, clientId } },
          given,
        );
      }),

    resetPassword: (recoveryToken: string, password: string, call?: CallSignal) =>
      rejectingWithMemberAuthError(async () => {
        required(recoveryToken, 'recoveryToken');
        if (!isFilled(password)) throw refused('INVALID_PASSWORD', 'Enter a password');
        await post('recovery', '/v1/recover', { recoveryToken, password }, call);
      }),

    changePassword: (newPassword: string, call?: CallSignal) =>
      rejectingWithMemberAuthError(async () => {
        if (!tokens.isLoggedIn())
          throw refused('NOT_LOGGED_IN', 'Only a logged-in member can change the password');
        if (!isFilled(newPassword)) throw refused('INVALID_PASSWORD', 'Enter a password');
        await post('auth', '/v2/change-password', { newPassword }, call);
      }),

    sendActivationEmail: (identityId: string, given?: ActivationEmailOptions, call?: CallSignal) =>
      rejectingWithMemberAuthError(async () => {
        required(identityId, 'identityId');
        const emailOptions = optionsOf<ActivationEmailOptions>(
          given,
          'emailOptions',
          invalidArgument,
        );
        const redirect = emailOptions.redirect && { clientId, ...emailOptions.redirect };
        await post(
          'recovery',
          '/v1/activation-email',
          {
            identityId,
            emailOptions: { ...emailOptions, ...(redirect && { redirect }) },
          },
          call,
        );
      }),

    startEmailVerification: (identityId: string, call?: CallSignal) =>
      rejectingWithMemberAuthError(async (): Promise<{ stateToken: string }> => {
        required(identityId, 'identityId');
        const answer = await post(
          'verification',
          '/v1/Start',
          { identityId, target: 'EMAIL' },
          call,
        );
        const stateToken = isRecord(answer) ? answer['stateToken'] : undefined;
        if (!isFilled(stateToken))
          throw refused('SERVER_ERROR', 'The platform answered without a state token');
        store.write(stateToken);
        return { stateToken };
      }),

    signOn: (params: SignOnParams) =>
      rejectingWithMemberAuthError(async (): Promise<SignOnResult> => {
        const { email, profile, verifyEmail, mergeExistingContact } = params ?? {};
        if (!isValidEmail(email))
          throw refused('INVALID_EMAIL', 'Enter a valid e-mail address, like name@example.com');
        const answer = await post(
          'auth',
          '/v2/sign-on',
          {
            loginId: { email },
            profile: profile ?? {},
            verifyEmail: verifyEmail === true,
            mergeExistingContact: mergeExistingContact === true,
          },
          params,
        );
        const sessionToken = isRecord(answer) ? answer['sessionToken'] : undefined;
        if (!isFilled(sessionToken))
          throw refused('SERVER_ERROR', 'The platform answered sign-on without a session token');
        const identity =
          isRecord(answer) && isRecord(answer['identity'])
            ? (answer['identity'] as Identity)
            : undefined;
        return identity ? { sessionToken, identity } : { sessionToken };
      }),
  };
}
