import { attempt } from '@site-identity/http/internal';
import type { Redirects } from '@site-identity/redirects';
import { PREWARM_INTERVAL_MS } from '@site-identity/redirects';
import { prewarm } from '@site-identity/redirects/prewarm';

/**
 * `sessions` of the drop-in: whether the platform pages' session was pre-warmed
 * within 7 days (the stamp `@site-identity/redirects/prewarm` keeps in local
 * storage), and the pre-warm itself, which never fails the page. @internal
 */
export function platformSessionSync(redirects: Redirects, clientId: string) {
  return {
    isSessionSynced(): boolean {
      const stamp = Number(
        attempt(() => globalThis.localStorage?.getItem(`site-identity:${clientId}:prewarm`)),
      );
      const age = Date.now() - stamp;
      return stamp > 0 && age >= 0 && age < PREWARM_INTERVAL_MS;
    },
    syncToWixPages: (opts?: { force?: boolean }): Promise<void> =>
      prewarm(redirects, { force: opts?.force === true }),
  };
}
