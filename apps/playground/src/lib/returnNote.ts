/** Why this tab came back from a platform page: shown once as a banner on arrival. */
export type ReturnReason = 'hosted-login' | 'hosted-logout' | 'login-redirect';

const REASONS: readonly string[] = ['hosted-login', 'hosted-logout', 'login-redirect'];

const KEY = 'site-identity-playground:return';

/** Remembers, before leaving for a platform page, what the page should say on return. */
export function expectReturn(reason: ReturnReason): void {
  try {
    window.sessionStorage.setItem(KEY, reason);
  } catch {
    // Without sessionStorage the page simply says nothing on return.
  }
}

/** The reason this tab left for a platform page, read once (then forgotten). */
export function takeReturn(): ReturnReason | undefined {
  try {
    const reason = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return reason !== null && REASONS.includes(reason) ? (reason as ReturnReason) : undefined;
  } catch {
    return undefined;
  }
}
