import type { CaptchaMode } from './options';
import { applicationError } from './responses';

/**
 * Checks the `captchaTokens` of a register or login body against the site's mode:
 * undefined when it passes, else the platform's -19971 (missing) or -19970 (invalid)
 * answer. In 'invisible' mode an `InvisibleRecaptcha` or a `Recaptcha` token passes;
 * 'visible' needs `Recaptcha`, and answers an invisible token alone as invalid (-19970),
 * so that a client learns to ask the user. Any non-empty string other than 'invalid' is valid.
 *
 * @example
 * ```ts
 * checkCaptcha('invisible', [{ InvisibleRecaptcha: 'token' }]); // undefined
 * ```
 */
export function checkCaptcha(mode: CaptchaMode, captchaTokens: unknown): Response | undefined {
  if (mode === 'off') return undefined;
  const found = { Recaptcha: [] as string[], InvisibleRecaptcha: [] as string[] };
  if (Array.isArray(captchaTokens)) {
    for (const entry of captchaTokens) {
      if (typeof entry !== 'object' || entry === null) continue;
      for (const key of ['InvisibleRecaptcha', 'Recaptcha'] as const) {
        const token = (entry as Record<string, unknown>)[key];
        if (typeof token === 'string' && token !== '') found[key].push(token);
      }
    }
  }
  const tokens =
    mode === 'visible' ? found.Recaptcha : [...found.InvisibleRecaptcha, ...found.Recaptcha];
  if (tokens.length === 0) {
    if (mode === 'visible' && found.InvisibleRecaptcha.length > 0)
      return applicationError(400, '-19970', 'Invalid captcha token');
    return applicationError(400, '-19971', 'Missing captcha token');
  }
  if (tokens.some((token) => token === 'invalid'))
    return applicationError(400, '-19970', 'Invalid captcha token');
  return undefined;
}
