import { useCallback, useRef, useState } from 'react';
import { IdentityReactError } from './identity-react-error';

/** The state of the latest call made through one {@link useTrackedCall}. @internal */
export interface CallState<R> {
  readonly pending: boolean;
  readonly error?: Error | undefined;
  readonly result?: R | undefined;
}

/** What {@link useTrackedCall} gives a hook. @internal */
export interface TrackedCall<R> {
  readonly state: CallState<R>;
  /**
   * Starts `call` at once, in the caller's turn (a popup it opens stays inside the
   * click), and records how it ends. Never rejects: resolves with the answer, or with
   * `undefined` when the call failed (the failure is then in `state.error`, wrapped in
   * an `ACTION_FAILED` error saying `failure` when it is not an `Error`).
   */
  track(call: () => Promise<R>, failure: string): Promise<R | undefined>;
  /** Forgets the state; a call still in flight no longer updates it. */
  reset(): void;
}

const IDLE: CallState<never> = { pending: false };
const PENDING: CallState<never> = { pending: true };

/**
 * `pending`, `error` and the last `result` of the calls a hook wraps; with
 * overlapping calls the state follows the latest one. `track` and `reset` keep
 * their identity across renders. @internal
 */
export function useTrackedCall<R>(): TrackedCall<R> {
  const [state, setState] = useState<CallState<R>>(IDLE);
  const latest = useRef(0);

  const track = useCallback((call: () => Promise<R>, failure: string) => {
    const id = ++latest.current;
    setState(PENDING);
    const settle = (next: CallState<R>) => id === latest.current && setState(next);
    let started: Promise<R>;
    try {
      started = Promise.resolve(call());
    } catch (reason) {
      started = Promise.reject(reason);
    }
    return started.then(
      (result) => {
        settle({ pending: false, result });
        return result;
      },
      (reason: unknown) => {
        settle({
          pending: false,
          error:
            reason instanceof Error
              ? reason
              : new IdentityReactError(failure, { code: 'ACTION_FAILED', cause: reason }),
        });
        return undefined;
      },
    );
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);

  return { state, track, reset };
}
