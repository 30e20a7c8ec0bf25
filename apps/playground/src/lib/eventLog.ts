import { useSyncExternalStore } from 'react';

/** One line of the session event log. */
export interface LogEntry {
  readonly id: number;
  /** Epoch milliseconds. */
  readonly at: number;
  readonly text: string;
}

/**
 * A small external store of log lines, newest first, capped at `limit`, kept in
 * sessionStorage: the log of a tab survives a reload and the hosted-login round
 * trip. The playground writes session events and the steps of each flow into it.
 */
export interface EventLog {
  add(text: string): void;
  clear(): void;
  getSnapshot(): readonly LogEntry[];
  subscribe(listener: () => void): () => void;
}

const KEY = 'site-identity-playground:event-log';

function load(): readonly LogEntry[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is LogEntry =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as LogEntry).id === 'number' &&
            typeof (entry as LogEntry).at === 'number' &&
            typeof (entry as LogEntry).text === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function createEventLog(limit = 200): EventLog {
  let entries = load();
  let next = (entries[0]?.id ?? 0) + 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(entries));
    } catch {
      // The log then lives in memory only; nothing else depends on it.
    }
    for (const listener of listeners) listener();
  };
  return {
    add(text) {
      entries = [{ id: next++, at: Date.now(), text }, ...entries].slice(0, limit);
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
