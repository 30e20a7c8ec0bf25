/** A wait for a condition on the session; `stop()` gives it up. @internal */
export interface SessionWait {
  readonly promise: Promise<void>;
  stop(): void;
}

/**
 * A wait until `done()` holds, checked by each of `waiting` (run whenever the
 * session moves) and, with a `bound`, at once; a bounded wait ends after `bound`
 * ms in any case. @internal
 */
export function waitUntil(
  waiting: Set<() => void>,
  done: () => boolean,
  bound?: number,
): SessionWait {
  let stop!: () => void;
  const promise = new Promise<void>((resolve) => {
    const check = () => {
      if (done()) finish();
    };
    const finish = () => {
      stop();
      resolve();
    };
    const timer = bound === undefined ? undefined : setTimeout(finish, bound);
    stop = () => {
      clearTimeout(timer);
      waiting.delete(check);
    };
    waiting.add(check);
    if (bound !== undefined) check();
  });
  return { promise, stop };
}
