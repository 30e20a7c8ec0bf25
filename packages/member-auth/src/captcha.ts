import { toPlatformError } from '@site-identity/http';

/**
 * The platform's public reCAPTCHA site keys, the defaults of
 * {@link CaptchaOptions}.
 *
 * @example
 * ```ts
 * import { CAPTCHA_SITE_KEYS } from '@site-identity/member-auth';
 * declare const grecaptcha: { render(container: string, options: { sitekey: string }): number };
 *
 * grecaptcha.render('captcha', { sitekey: CAPTCHA_SITE_KEYS.visible });
 * ```
 */
export const CAPTCHA_SITE_KEYS = {
  invisible: '6LdoPaUfAAAAAJphvHoUoOob7mx0KDlXyXlgrx5v',
  visible: '6Ld0J8IcAAAAANyrnxzrRlX1xrrdXsOmsepUYosy',
} as const;

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
 * Supplies reCAPTCHA tokens when the platform asks for one. Resolve `undefined`
 * when no token can be had (for example, no visible widget on this page); the
 * call then resolves with SILENT_ or USER_CAPTCHA_REQUIRED. A provider that
 * rejects counts as one that resolved `undefined`.
 *
 * @example
 * ```ts
 * import type { CaptchaProvider } from '@site-identity/member-auth';
 * declare const grecaptcha: { execute(siteKey: string, options: { action: string }): Promise<string> };
 *
 * const provider: CaptchaProvider = {
 *   async getToken(kind, siteKey) {
 *     if (kind === 'visible') return undefined; // this page shows no widget
 *     return grecaptcha.execute(siteKey, { action: 'login' });
 *   },
 * };
 * ```
 */
export interface CaptchaProvider {
  getToken(kind: CaptchaKind, siteKey: string): Promise<string | undefined>;
}

/**
 * The `captcha` option of `createMemberAuth`.
 *
 * @example
 * ```ts
 * import { createMemberAuth, type CaptchaOptions } from '@site-identity/member-auth';
 * import type { CaptchaProvider } from '@site-identity/member-auth';
 * import type { TokenManager } from '@site-identity/tokens';
 * import type { Redirects } from '@site-identity/redirects';
 * declare const provider: CaptchaProvider;
 * declare const clientId: string;
 * declare const tokens: TokenManager;
 * declare const redirects: Redirects;
 *
 * const captcha: CaptchaOptions = { provider, siteKeys: { visible: 'my-own-visible-key' } };
 * const auth = createMemberAuth({ clientId, tokens, redirects, captcha });
 * ```
 */
export interface CaptchaOptions {
  /** Supplies tokens; without one, captcha answers come back for the app to act on. */
  provider?: CaptchaProvider;
  /** Site keys handed to the provider. Default {@link CAPTCHA_SITE_KEYS}. */
  siteKeys?: Partial<Record<CaptchaKind, string>>;
}

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

/** The wire form of one captcha token. */
export type WireCaptchaToken = { InvisibleRecaptcha: string } | { Recaptcha: string };

/** `captchaTokens` as the platform takes them: `[{ Recaptcha }, { InvisibleRecaptcha }]`. */
export function toWireCaptchaTokens(tokens: CaptchaTokens | undefined): WireCaptchaToken[] {
  const wire: WireCaptchaToken[] = [];
  if (typeof tokens?.recaptchaToken === 'string' && tokens.recaptchaToken)
    wire.push({ Recaptcha: tokens.recaptchaToken });
  if (typeof tokens?.invisibleRecaptchaToken === 'string' && tokens.invisibleRecaptchaToken) {
    wire.push({ InvisibleRecaptcha: tokens.invisibleRecaptchaToken });
  }
  return wire;
}

/**
 * Sends `attempt` with the given tokens and, when a provider is set, answers the
 * platform's captcha demands: a missing token (`-19971`) is retried once with an
 * invisible token, an invalid one (`-19970`) once with a visible token, each only
 * when the provider supplies one. Resolves with the answer, or rejects with the
 * last error.
 */
export async function sendWithCaptcha(
  attempt: (captchaTokens: WireCaptchaToken[]) => Promise<unknown>,
  tokens: CaptchaTokens | undefined,
  options: CaptchaOptions | undefined,
): Promise<unknown> {
  let wire = toWireCaptchaTokens(tokens);
  const asked = new Set<CaptchaKind>();
  for (;;) {
    try {
      return await attempt(wire);
    } catch (error) {
      const provider = options?.provider;
      const { code } = toPlatformError(error);
      const kind: CaptchaKind | undefined =
        code === '-19971' ? 'invisible' : code === '-19970' ? 'visible' : undefined;
      if (!provider || !kind || asked.has(kind)) throw error;
      asked.add(kind);
      const siteKey = options?.siteKeys?.[kind] ?? CAPTCHA_SITE_KEYS[kind];
      const token = await Promise.resolve()
        .then(() => provider.getToken(kind, siteKey))
        .catch(() => undefined);
      if (typeof token !== 'string' || token === '') throw error;
      wire = [kind === 'invisible' ? { InvisibleRecaptcha: token } : { Recaptcha: token }];
    }
  }
}
