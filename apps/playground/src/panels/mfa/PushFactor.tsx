import type { PushProgress } from '@site-identity/member-auth/push';

interface PushFactorProps {
  readonly busy: boolean;
  readonly progress: PushProgress | undefined;
  readonly onWait: () => void;
  readonly onCancel: () => void;
}

/** The push factor: wait for the device's answer, with the progress of the wait and a way to stop. */
export function PushFactor({ busy, progress, onWait, onCancel }: PushFactorProps) {
  return (
    <>
      <p className="hint">
        The platform sent a sign-in request to the member’s phone. Approve or deny it in the “Push
        approvals” panel, which plays the phone (open it in a second tab to see both at once).
      </p>
      {progress ? (
        <p className="push-progress" role="status" aria-label="Push progress">
          Waiting for the phone: asked {progress.attempt}{' '}
          {progress.attempt === 1 ? 'time' : 'times'}, next in{' '}
          {Math.ceil(progress.nextPollInMs / 100) / 10} s, gives up in{' '}
          {Math.ceil(progress.remainingMs / 1000)} s.
        </p>
      ) : null}
      <div className="row">
        <button type="button" disabled={busy} onClick={onWait}>
          Wait for approval
        </button>
        {progress ? (
          <button type="button" className="secondary" onClick={onCancel}>
            Stop waiting
          </button>
        ) : null}
      </div>
    </>
  );
}
