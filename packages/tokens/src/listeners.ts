import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';

/**
 * A set of listeners, for the session's subscribers and the inspection's alike:
 * `add` takes a function only (a typed `INVALID_ARGUMENT` otherwise) and returns
 * its removal; `size()` counts them and `clear()` removes them all; `tell` calls every listener with `args`,
 * and one that throws stops none of the others (its error is rethrown on a microtask,
 * so it is still seen). @internal
 */
export function createListeners<Args extends unknown[]>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    /** How many listeners there are. */
    size: (): number => listeners.size,
    /** Removes every listener. */
    clear(): void {
      listeners.clear();
    },
    tell(...args: Args): void {
      for (const listener of [...listeners]) {
        try {
          listener(...args);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    add(listener: (...args: Args) => void): () => void {
      if (typeof listener !== 'function')
        throw invalid(
          { name: 'listener', expected: 'a function', value: listener },
          invalidArgument,
        );
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
