import type { ReactNode } from 'react';
import type { Action } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';
import { ActionButton } from './ActionButton';

interface SilentLoginButtonProps {
  readonly action: Action;
  /** The session token of the first step; the button is disabled without one. */
  readonly sessionToken: string | undefined;
  /** Called once the token became member tokens (the first step's token is spent). */
  readonly onDone: () => void;
  /** What the event log says when it is done. */
  readonly logText: string;
  /** What the panel shows when it is done. */
  readonly message: string;
  readonly children: ReactNode;
}

/** The second step of a login taken one step at a time: a session token exchanged in a hidden frame. */
export function SilentLoginButton({
  action,
  sessionToken,
  onDone,
  logText,
  message,
  children,
}: SilentLoginButtonProps) {
  const { redirects, log } = usePlayground();
  return (
    <ActionButton
      action={action}
      disabled={!sessionToken}
      onRun={async () => {
        if (!sessionToken) return undefined;
        await redirects.silentLogin(sessionToken);
        onDone();
        log.add(logText);
        return { tone: 'ok', message };
      }}
    >
      {children}
    </ActionButton>
  );
}
