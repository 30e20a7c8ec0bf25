import { isFilled } from './input-checks';

/**
 * Which reCAPTCHA the platform wants: `invisible` runs without the visitor, `visible`
 * asks the visitor to solve it.
 *
 * @example
 * ```ts
 * import type { CaptchaKind } from '@site-identity/member-auth';
 *
 * const kind: CaptchaKind = 'invisible';
 * ```
 */
export type CaptchaKind = 'invisible' | 'visible';

/**
 * Captcha tokens an app already has, for `register` and `login`.
 *
 * @example
 * ```ts
 * import type { CaptchaTokens, MemberAuth } from '@site-identity/member-auth';
 * declare function solvedWidgetToken(): Promise<string>;
 * declare const auth: MemberAuth;
 * declare const email: string;
 * declare const password: string;
 *
 * const captchaTokens: CaptchaTokens = { recaptchaToken: await solvedWidgetToken() };
 * await auth.login({ email, password, captchaTokens });
 * ```
 */
export interface CaptchaTokens {
  /** A token of the invisible reCAPTCHA. */
  invisibleRecaptchaToken?: string;
  /** A token of the visible reCAPTCHA. */
  recaptchaToken?: string;
}

/**
 * One captcha token as the platform takes it in `captchaTokens`.
 *
 * @example
 * ```ts
 * import type { WireCaptchaToken } from '@site-identity/member-auth';
 *
 * const sent: WireCaptchaToken[] = [{ InvisibleRecaptcha: 'token' }];
 * ```
 */
export type WireCaptchaToken = { InvisibleRecaptcha: string } | { Recaptcha: string };

/**
 * The captcha handling of a member client: made by `createCaptcha` of
 * `@site-identity/member-auth/captcha` and passed to `createMemberAuth` as
 * `captcha`. Without one, `register` and `login` send only the `captchaTokens` they
 * are given and answer the platform's captcha demands with `SILENT_CAPTCHA_REQUIRED`
 * or `USER_CAPTCHA_REQUIRED` for the app to act on.
 *
 * @example
 * ```ts
 * import { createCaptcha } from '@site-identity/member-auth/captcha';
 * import type { MemberAuthCaptcha } from '@site-identity/member-auth';
 * declare const grecaptcha: { execute(siteKey: string, options: { action: string }): Promise<string> };
 *
 * const captcha: MemberAuthCaptcha = createCaptcha({
 *   provider: { getToken: async (kind, siteKey) => (kind === 'invisible' ? grecaptcha.execute(siteKey, { action: 'login' }) : undefined) },
 * });
 * console.log(captcha.siteKeys.visible);
 * ```
 */
export interface MemberAuthCaptcha {
  /** The reCAPTCHA site keys in use (the platform's unless configured). */
  readonly siteKeys: Readonly<Record<CaptchaKind, string>>;
  /**
   * Sends `attempt` with the app's `captchaTokens` and answers the platform's
   * captcha demands (`-19971`, `-19970`) by sending again with a token of its own.
   * Resolves with the answer, or rejects with the last error.
   */
  send<T>(
    attempt: (captchaTokens: WireCaptchaToken[]) => Promise<T>,
    captchaTokens: CaptchaTokens | undefined,
  ): Promise<T>;
}

/** `captchaTokens` as the platform takes them: `[{ Recaptcha }, { InvisibleRecaptcha }]`. */
export function toWireCaptchaTokens(tokens: CaptchaTokens | undefined): WireCaptchaToken[] {
  const wire: WireCaptchaToken[] = [];
  if (isFilled(tokens?.recaptchaToken)) wire.push({ Recaptcha: tokens.recaptchaToken });
  if (isFilled(tokens?.invisibleRecaptchaToken))
    wire.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  return wire;
}
