import { useSyncExternalStore } from 'react';

/** One line of the session event log. */
export interface LogEntry {
  readonly id: number;
  /** Wall-clock time, `HH:MM:SS`. */
  readonly time: string;
  readonly text: string;
}

/**
 * A small external store of log lines, newest first, capped at `limit`.
 * The playground writes session events and the steps of each flow into it.
 */
export interface EventLog {
  add(text: string): void;
  clear(): void;
  getSnapshot(): readonly LogEntry[];
  subscribe(listener: () => void): () => void;
}

export function createEventLog(limit = 200): EventLog {
  let entries: readonly LogEntry[] = [];
  let next = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    add(text) {
      const time = new Date().toTimeString().slice(0, 8);
      entries = [{ id: next++, time, text }, ...entries].slice(0, limit);
      emit();
    },
    clear() {
      entries = [];
      emit();
    },
    getSnapshot: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useEventLog(log: EventLog): readonly LogEntry[] {
  return useSyncExternalStore(log.subscribe, log.getSnapshot, log.getSnapshot);
}
