import { useState } from 'react';
import { useSession } from '@site-identity/react';
import { usePlayground } from '../PlaygroundContext';

/** Says, once, that this page was reached on the way back from a platform page, and how it went. */
export function ReturnBanner() {
  const { returnedFrom } = usePlayground();
  const snapshot = useSession();
  const [open, setOpen] = useState(true);
  if (!returnedFrom || !open) return null;
  const member = snapshot.status === 'member';
  const text =
    returnedFrom === 'hosted-login'
      ? member
        ? 'Back from the hosted login: you are logged in as a member, and the code is gone from the address bar.'
        : 'Back from the hosted login, but not logged in (yet): see the session panel.'
      : 'Back from the hosted logout: the hosted session has ended too.';
  return (
    <div
      className={`banner ${returnedFrom === 'hosted-login' && !member ? 'warn' : 'ok'}`}
      role="status"
      aria-label="Back from the platform"
    >
      <span>{text}</span>
      <button type="button" className="link" onClick={() => setOpen(false)}>
        Dismiss
      </button>
    </div>
  );
}
