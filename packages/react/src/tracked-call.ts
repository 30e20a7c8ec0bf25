import { useCallback, useRef, useState } from 'react';
import { IdentityReactError } from './identity-react-error';
import type { MemberAuthOutcome } from './outcome';

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
   * click), and records how it ends. Never rejects: resolves with `{ ok: true, value }`,
   * or `{ ok: false, error }` when the call failed (the same error as `state.error`,
   * wrapped in an `ACTION_FAILED` error saying `failure` when it is not an `Error`).
   */
  track(call: () => Promise<R>, failure: string): Promise<MemberAuthOutcome<R>>;
  /** Forgets the state; a call still in flight no longer updates it. */
  reset(): void;
}

/** `reason` when it is an `Error`, else an `ACTION_FAILED` error saying `failure`, with `reason` as its cause. */
const asError = (reason: unknown, failure: string): Error =>
  reason instanceof Error
    ? reason
    : new IdentityReactError(failure, { code: 'ACTION_FAILED', cause: reason });

/** The answer of a tracked call, or `undefined` when it failed: for hooks whose answers are objects. @internal */
export const valueOrUndefined = <R>(outcome: MemberAuthOutcome<R>): R | undefined =>
  outcome.ok ? outcome.value : undefined;

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
      (value): MemberAuthOutcome<R> => {
        settle({ pending: false, result: value });
        return { ok: true, value };
      },
      (reason: unknown): MemberAuthOutcome<R> => {
        const error = asError(reason, failure);
        settle({ pending: false, error });
        return { ok: false, error };
      },
    );
  }, []);

  const reset = useCallback(() => {
    latest.current++;
    setState(IDLE);
  }, []);

  return { state, track, reset };
}
