import { useCallback, useRef, useState } from 'react';
import type { OutcomeValue } from '../components/Outcome';

/**
 * Runs one async step of a flow at a time: `busy` while it runs, `outcome` when
 * it is done. A thrown error becomes a red outcome with its message, so every
 * failure is shown to the person trying the flow.
 */
export function useAction(): {
  busy: boolean;
  outcome: OutcomeValue | undefined;
  setOutcome: (value: OutcomeValue | undefined) => void;
  run: (step: () => Promise<OutcomeValue | undefined>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeValue>();
  const running = useRef(false);
  const run = useCallback(async (step: () => Promise<OutcomeValue | undefined>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      setOutcome(await step());
    } catch (error) {
      setOutcome({ tone: 'bad', message: describeError(error) });
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, outcome, setOutcome, run };
}

/** A person-readable line for any thrown value: its name, code and message. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${error.message}`;
  }
  return String(error);
}
