/** The shortest wait between two automatic renewals, so that a token lifetime
 * shorter than the leeway can never turn into a request loop. @internal */
const MIN_DELAY_MS = 5_000;
/** The wait before trying again after a failed automatic renewal. @internal */
const RETRY_DELAY_MS = 30_000;
const MAX_DELAY_MS = 2_147_483_647;

/**
 * Calls `renew` when `dueInMs()` says the tokens are due, while the page is
 * visible (a hidden page renews when it becomes visible again); after a
 * failure it tries again in 30 s. `dueInMs()` returns `undefined` when there
 * is nothing to renew. @internal
 */
export function createAutoRefresh(
  renew: () => Promise<unknown>,
  dueInMs: () => number | undefined,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onVisible: (() => void) | undefined;
  let stopped = false;

  function cancel(): void {
    clearTimeout(timer);
    if (onVisible) document.removeEventListener('visibilitychange', onVisible);
  }

  function at(delay: number): void {
    cancel();
    if (!stopped) timer = setTimeout(fire, Math.min(Math.max(delay, MIN_DELAY_MS), MAX_DELAY_MS));
  }

  function fire(): void {
    if (globalThis.document?.visibilityState === 'hidden') {
      onVisible = () => {
        if (document.visibilityState !== 'hidden') {
          cancel();
          fire();
        }
      };
      document.addEventListener('visibilitychange', onVisible);
      return;
    }
    renew().then(schedule, () => at(RETRY_DELAY_MS));
  }

  function schedule(): void {
    const due = stopped ? undefined : dueInMs();
    if (due === undefined) cancel();
    else at(due);
  }

  return {
    schedule,
    stop(): void {
      stopped = true;
      cancel();
    },
  };
}
