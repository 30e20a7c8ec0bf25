import type { CallSignal } from './call-signal';
import { absoluteUrl, isRecord, optionsOf, requiredString } from '@site-identity/http/internal';
import type { Identity, IdentityProfile } from './identity';
import {
  checkEmail,
  checkPassword,
  isFilled,
  noPendingVerification,
  refused,
} from './input-checks';
import type { PlatformCalls } from './platform-calls';
import { signOnBody } from './sign-on-body';
import type { MemberAuthTokens } from './ports';
import type { VerificationStore } from './verification-store';
import { invalidArgument } from './member-auth-error';

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
export interface AccountContext extends PlatformCalls {
  readonly clientId: string;
  readonly tokens: MemberAuthTokens;
  readonly store: VerificationStore;
}

const required = (value: unknown, name: string): string =>
  requiredString(value, name, invalidArgument);

/**
 * The calls that resolve with nothing (or a small answer) and reject with a
 * `MemberAuthError`: their checks throw one, and `post` rejects with one.
 */
export function accountCalls(ctx: AccountContext) {
  const { clientId, post, tokens, store } = ctx;

  return {
    async resendVerificationCode(stateToken?: string, call?: CallSignal): Promise<void> {
      const flow = store.read();
      const token = stateToken ?? flow?.stateToken;
      if (!isFilled(token)) throw noPendingVerification();
      const { stateToken: next } = await post(
        '/verification/v1/auth/resend',
        { stateToken: token },
        call,
      );
      if (isFilled(next) && flow?.stateToken === token) store.write(next);
    },

    async sendPasswordResetEmail(email: string, options: PasswordResetEmailOptions): Promise<void> {
      checkEmail(email);
      const given = optionsOf<PasswordResetEmailOptions>(options, 'options', invalidArgument);
      const url = given.redirectUri;
      absoluteUrl(url, 'options.redirectUri', invalidArgument);
      await post(
        '/recovery/v1/send-email',
        { email, language: given.language ?? 'en', redirect: { url, clientId } },
        given,
      );
    },

    async resetPassword(recoveryToken: string, password: string, call?: CallSignal): Promise<void> {
      required(recoveryToken, 'recoveryToken');
      checkPassword(password);
      await post('/recovery/v1/recover', { recoveryToken, password }, call);
    },

    async changePassword(newPassword: string, call?: CallSignal): Promise<void> {
      if (!tokens.isLoggedIn())
        throw refused('NOT_LOGGED_IN', 'Only a logged-in member can change the password');
      checkPassword(newPassword);
      await post('/authentication/v2/change-password', { newPassword }, call);
    },

    async sendActivationEmail(
      identityId: string,
      given?: ActivationEmailOptions,
      call?: CallSignal,
    ): Promise<void> {
      required(identityId, 'identityId');
      const emailOptions = optionsOf<ActivationEmailOptions>(
        given,
        'emailOptions',
        invalidArgument,
      );
      const { redirect } = emailOptions;
      await post(
        '/recovery/v1/activation-email',
        {
          identityId,
          emailOptions: {
            ...emailOptions,
            ...(redirect && { redirect: { clientId, ...redirect } }),
          },
        },
        call,
      );
    },

    async startEmailVerification(
      identityId: string,
      call?: CallSignal,
    ): Promise<{ stateToken: string }> {
      required(identityId, 'identityId');
      const { stateToken } = await post(
        '/verification/v1/Start',
        { identityId, target: 'EMAIL' },
        call,
      );
      if (!isFilled(stateToken))
        throw refused('SERVER_ERROR', 'The platform answered without a state token');
      store.write(stateToken);
      return { stateToken };
    },

    async signOn(params: SignOnParams): Promise<SignOnResult> {
      checkEmail(params?.email);
      const { sessionToken, identity } = await post(
        '/authentication/v2/sign-on',
        signOnBody(params),
        params,
      );
      if (!isFilled(sessionToken))
        throw refused('SERVER_ERROR', 'The platform answered sign-on without a session token');
      return isRecord(identity)
        ? { sessionToken, identity: identity as unknown as Identity }
        : { sessionToken };
    },
  };
}
