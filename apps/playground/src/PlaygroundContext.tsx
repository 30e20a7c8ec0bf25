import { createContext, useContext, type ReactNode } from 'react';
import type { IdentityClients } from './identity';
import type { PlaygroundCaptcha } from './lib/captcha';
import type { EventLog } from './lib/eventLog';
import type { MockWatch } from './lib/mockWatch';
import type { Prefill } from './lib/prefill';
import type { RequestTracker } from './lib/requestTracker';
import type { ReturnReason } from './lib/returnNote';
import type { SessionEpoch } from './lib/sessionEpoch';

/**
 * What every panel may reach: the library's clients, the simulated captcha, the
 * event log, this tab's request tracker, the shared watch on the mock platform,
 * the session epoch that makes stale results go, and the credentials one panel
 * hands to another.
 */
export interface Playground extends IdentityClients {
  readonly captcha: PlaygroundCaptcha;
  readonly log: EventLog;
  readonly requests: RequestTracker;
  readonly mock: MockWatch;
  readonly epoch: SessionEpoch;
  readonly prefill: Prefill;
  /** Why this page was opened on return from a platform page, if it was. */
  readonly returnedFrom: ReturnReason | undefined;
}

const PlaygroundContext = createContext<Playground | null>(null);

export function PlaygroundProvider({
  value,
  children,
}: {
  readonly value: Playground;
  readonly children: ReactNode;
}) {
  return <PlaygroundContext.Provider value={value}>{children}</PlaygroundContext.Provider>;
}

export function usePlayground(): Playground {
  const value = useContext(PlaygroundContext);
  if (!value) throw new Error('usePlayground must be used inside <PlaygroundProvider>');
  return value;
}
