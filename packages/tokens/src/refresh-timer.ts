/** The shortest wait between two automatic renewals, so that a token lifetime
 * shorter than the leeway can never turn into a request loop. @internal */
const MIN_DELAY_MS = 5_000;
/** The first wait after a failed automatic renewal; it doubles with each failure. @internal */
const RETRY_BASE_MS = 1_000;
/** The longest wait after failures. @internal */
const RETRY_CAP_MS = 120_000;
const MAX_DELAY_MS = 2_147_483_647;

/**
 * The wait before automatic attempt `failures + 1`: exponential from 1 s, capped
 * at 2 minutes, with jitter (half to all of it) so that tabs and clients that
 * failed together do not come back together. @internal
 */
export const retryDelayMs = (failures: number, random: () => number = Math.random): number =>
  Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (failures - 1)) * (0.5 + random() / 2);

/**
 * Calls `renew` when `dueInMs()` says the tokens are due, while the page is
 * visible. Catch-up: a session that fell due while the page was hidden, offline
 * or asleep (a timer firing late) renews as soon as the page is visible or
 * online again. A failure is tried again after {@link retryDelayMs}.
 * `dueInMs()` returns `undefined` when there is nothing to renew; `onRetry(delayMs)`
 * hears when the next attempt after a failure will be. @internal
 */
export function createAutoRefresh(
  renew: () => Promise<unknown>,
  dueInMs: () => number | undefined,
  onRetry?: (delayMs: number) => void,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let running = false;
  let stopped = false;
  let listening = false;
  /** Adds or removes the catch-up listeners of the page (if there is one). */
  const listen = (on: boolean) => {
    if (listening === on) return;
    listening = on;
    for (const [target, type] of [
      [globalThis.document, 'visibilitychange'],
      [globalThis.window, 'online'],
    ] as const)
      target?.[on ? 'addEventListener' : 'removeEventListener'](type, catchUp);
  };

  /** Sets the timer; returns the wait it was set to. */
  function at(delay: number): number {
    clearTimeout(timer);
    const wait = Math.min(Math.max(delay, MIN_DELAY_MS), MAX_DELAY_MS);
    if (!stopped) timer = setTimeout(fire, wait);
    return wait;
  }

  function fire(): void {
    // A hidden page waits: `catchUp` renews when it shows again.
    if (stopped || running || globalThis.document?.visibilityState === 'hidden') return;
    running = true;
    renew().then(
      () => {
        running = false;
        renewed();
      },
      () => {
        running = false;
        const wait = at(retryDelayMs(++failures));
        if (!stopped) onRetry?.(wait);
      },
    );
  }

  /** Visible or online again: renew now if due, without waiting for the timer. */
  function catchUp(): void {
    const due = dueInMs();
    if (due !== undefined && due <= 0) fire();
  }

  /** The next renewal when due; none (and no catch-up listeners) when there is nothing to renew. */
  function schedule(): void {
    const due = stopped ? undefined : dueInMs();
    listen(due !== undefined);
    if (due === undefined) clearTimeout(timer);
    else at(due);
  }

  /** New tokens (renewed here or elsewhere): the back-off is over, the next renewal when due. */
  function renewed(): void {
    failures = 0;
    schedule();
  }

  return {
    /** New tokens, renewed here or elsewhere (the session moved). */
    schedule: renewed,
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      listen(false);
    },
  };
}
