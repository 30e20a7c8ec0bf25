import { toPlatformError } from '@site-identity/http';
import { invalid, optionsOf } from '@site-identity/http/internal';
import type { CaptchaKind, MemberAuthCaptcha } from '@site-identity/member-auth';
import { toWireCaptchaTokens } from './captcha-tokens';
import { isFilled } from './input-checks';
import { invalidArgument } from './member-auth-error';

/**
 * The platform's public reCAPTCHA site keys, the defaults of
 * {@link CaptchaOptions}.
 *
 * @example
 * ```ts
 * import { CAPTCHA_SITE_KEYS } from '@site-identity/member-auth/captcha';
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
 * Supplies reCAPTCHA tokens when the platform asks for one. Resolve `undefined`
 * when no token can be had (for example, no visible widget on this page); the
 * call then resolves with SILENT_ or USER_CAPTCHA_REQUIRED. A provider that
 * rejects counts as one that resolved `undefined`.
 *
 * @example
 * ```ts
 * import type { CaptchaProvider } from '@site-identity/member-auth/captcha';
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
  /** A token of the `kind` of reCAPTCHA for `siteKey`, or `undefined` when there is none. */
  getToken(kind: CaptchaKind, siteKey: string): Promise<string | undefined>;
}

/**
 * Options of {@link createCaptcha}.
 *
 * @example
 * ```ts
 * import { createCaptcha, type CaptchaOptions, type CaptchaProvider } from '@site-identity/member-auth/captcha';
 * declare const provider: CaptchaProvider;
 *
 * const options: CaptchaOptions = { provider, siteKeys: { visible: 'my-own-visible-key' } };
 * const captcha = createCaptcha(options);
 * ```
 */
export interface CaptchaOptions {
  /** Supplies tokens; without one, captcha answers come back for the app to act on. */
  provider?: CaptchaProvider;
  /** Site keys handed to the provider. Default {@link CAPTCHA_SITE_KEYS}. */
  siteKeys?: Partial<Record<CaptchaKind, string>>;
}

/** The captcha a platform error asks for: `-19971` a missing token, `-19970` an invalid one. */
const demandOf = (error: unknown): CaptchaKind | undefined => {
  const { code } = toPlatformError(error);
  return code === '-19971' ? 'invisible' : code === '-19970' ? 'visible' : undefined;
};

/**
 * Captcha handling for `createMemberAuth({ captcha })`, a separate import so that an
 * app without a captcha does not download it. When the platform answers a `register`
 * or `login` with a captcha demand, the provider is asked for a token and the call is
 * sent once more: a missing token (`-19971`) with an invisible token, an invalid one
 * (`-19970`) with a visible token, each at most once per call and only when the
 * provider supplies one; otherwise the call resolves with SILENT_ or
 * USER_CAPTCHA_REQUIRED as it would without a captcha.
 *
 * @throws `MemberAuthError` `INVALID_ARGUMENT` for options that are not an object, a
 * provider without `getToken`, or a site key that is not a non-empty string.
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createRedirects } from '@site-identity/redirects';
 * import { createMemberAuth } from '@site-identity/member-auth';
 * import { createCaptcha } from '@site-identity/member-auth/captcha';
 * declare const grecaptcha: { execute(siteKey: string, options: { action: string }): Promise<string> };
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const redirects = createRedirects({ tokens });
 * const captcha = createCaptcha({
 *   provider: {
 *     getToken: async (kind, siteKey) =>
 *       kind === 'invisible' ? grecaptcha.execute(siteKey, { action: 'login' }) : undefined,
 *   },
 * });
 * const auth = createMemberAuth({ tokens, redirects, captcha });
 * ```
 */
export function createCaptcha(options: CaptchaOptions = {}): MemberAuthCaptcha {
  const { provider, siteKeys: own } = optionsOf<CaptchaOptions>(
    options,
    'options',
    invalidArgument,
  );
  if (provider !== undefined && typeof provider?.getToken !== 'function')
    throw invalid(
      { name: 'options.provider', expected: 'an object with a getToken function', value: provider },
      invalidArgument,
    );
  const given = optionsOf<Partial<Record<CaptchaKind, unknown>>>(
    own,
    'options.siteKeys',
    invalidArgument,
  );
  const siteKeys: Record<CaptchaKind, string> = { ...CAPTCHA_SITE_KEYS };
  for (const kind of ['invisible', 'visible'] as const) {
    const key = given[kind];
    if (key === undefined || key === '') continue;
    if (typeof key !== 'string')
      throw invalid(
        { name: `options.siteKeys.${kind}`, expected: 'a non-empty string', value: key },
        invalidArgument,
      );
    siteKeys[kind] = key;
  }
  return {
    siteKeys,
    async send(attempt, tokens) {
      if (typeof attempt !== 'function')
        throw invalid({ name: 'attempt', expected: 'a function', value: attempt }, invalidArgument);
      let wire = toWireCaptchaTokens(tokens);
      const asked = new Set<CaptchaKind>();
      for (;;) {
        try {
          return await attempt(wire);
        } catch (error) {
          const kind = demandOf(error);
          if (!provider || !kind || asked.has(kind)) throw error;
          asked.add(kind);
          const token = await Promise.resolve()
            .then(() => provider.getToken(kind, siteKeys[kind]))
            .catch(() => undefined);
          if (!isFilled(token)) throw error;
          wire = [kind === 'invisible' ? { InvisibleRecaptcha: token } : { Recaptcha: token }];
        }
      }
    },
  };
}
