import { useSyncExternalStore } from 'react';
import { mockControl, type MockState, type OutboxEmail, type RequestLogEntry } from './mockControl';

/** What the mock platform holds right now, as the panels show it. */
export interface MockSnapshot {
  readonly state?: MockState;
  readonly requests?: readonly RequestLogEntry[];
  readonly outbox?: readonly OutboxEmail[];
  /** Why the last look-up failed, while it fails. */
  readonly error?: string;
}

/**
 * One look-up of the mock platform's state, request log and outbox every second
 * while a panel shows them, shared by every panel: a setting or fault changed in
 * another tab (or by a test) shows here within a second. `refresh()` looks now.
 */
export interface MockWatch {
  getSnapshot(): MockSnapshot;
  subscribe(listener: () => void): () => void;
  refresh(): Promise<void>;
}

export function createMockWatch(intervalMs = 1000): MockWatch {
  let snapshot: MockSnapshot = {};
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight: Promise<void> | undefined;
  const listeners = new Set<() => void>();

  const look = (): Promise<void> =>
    (inFlight ??= Promise.all([mockControl.state(), mockControl.requests(), mockControl.outbox()])
      .then(
        ([state, requests, outbox]) => {
          snapshot = { state, requests, outbox };
        },
        (reason: unknown) => {
          snapshot = {
            ...snapshot,
            error: reason instanceof Error ? reason.message : String(reason),
          };
        },
      )
      .finally(() => {
        inFlight = undefined;
        for (const listener of listeners) listener();
      }));

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        void look();
        timer = setInterval(() => void look(), intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) clearInterval(timer);
      };
    },
    refresh: async () => {
      await inFlight;
      await look();
    },
  };
}

export function useMockWatch(watch: MockWatch): MockSnapshot {
  return useSyncExternalStore(watch.subscribe, watch.getSnapshot, watch.getSnapshot);
}
