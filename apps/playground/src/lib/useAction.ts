import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutcomeValue } from '../components/Outcome';
import { usePlayground } from '../PlaygroundContext';
import { explainError } from './explain';
import { stepOf } from './requestTracker';
import { useSessionEpoch } from './sessionEpoch';

/** Reports the step a flow is taking ("checking the e-mail and password"). */
export type ReportStep = (step: string) => void;

/** What {@link useAction} gives a panel: pass `working` and `outcome` to `<Outcome>`. */
export interface Action {
  readonly busy: boolean;
  /** While the action runs: the step in progress ('' before the first one); undefined otherwise. */
  readonly working: string | undefined;
  /** The last result, until the next run starts or the session changes under it. */
  readonly outcome: OutcomeValue | undefined;
  setOutcome(value: OutcomeValue | undefined): void;
  run(step: (report: ReportStep) => Promise<OutcomeValue | undefined>): Promise<void>;
}

/**
 * Runs one flow of a panel at a time. Starting it clears the previous result and
 * shows "Working…" with the step in progress: each platform request the library
 * makes and each hidden frame it opens names its step. The result then stays until
 * the next run, or until the session changes (sign-in, sign-out, expiry, a renewal
 * error) after it was shown. A thrown error becomes a sentence with its details.
 */
export function useAction(): Action {
  const { epoch: epochStore, requests } = usePlayground();
  const epoch = useSessionEpoch(epochStore);
  const [shown, setShown] = useState<{ value: OutcomeValue; epoch: number }>();
  const [working, setWorking] = useState<string>();
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const setOutcome = useCallback(
    (value: OutcomeValue | undefined) =>
      setShown(value ? { value, epoch: epochStore.get() } : undefined),
    [epochStore],
  );

  const run = useCallback(
    async (step: (report: ReportStep) => Promise<OutcomeValue | undefined>) => {
      if (running.current) return;
      running.current = true;
      setShown(undefined);
      setWorking('');
      const report: ReportStep = (text) => {
        if (mounted.current && running.current) setWorking(text);
      };
      const stopRequests = requests.onStart((request) => report(stepOf(request)));
      const frames = new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLIFrameElement)
              report('getting a code from the hosted page in a hidden frame');
      });
      frames.observe(document.body, { childList: true, subtree: true });
      let result: OutcomeValue | undefined;
      try {
        result = await step(report);
      } catch (error) {
        result = explainError(error);
      } finally {
        stopRequests();
        frames.disconnect();
        running.current = false;
      }
      if (mounted.current) {
        setWorking(undefined);
        setShown(result ? { value: result, epoch: epochStore.get() } : undefined);
      }
    },
    [epochStore, requests],
  );

  return {
    busy: working !== undefined,
    working,
    outcome: shown && shown.epoch === epoch ? shown.value : undefined,
    setOutcome,
    run,
  };
}
