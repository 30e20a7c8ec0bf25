import { createContext, useContext, type ReactNode } from 'react';
import type { IdentityClients } from './identity';
import type { PlaygroundCaptcha } from './lib/captcha';
import type { EventLog } from './lib/eventLog';

/** What every panel may reach: the library's clients, the simulated captcha and the event log. */
export interface Playground extends IdentityClients {
  readonly captcha: PlaygroundCaptcha;
  readonly log: EventLog;
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
