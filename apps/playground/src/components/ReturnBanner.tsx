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
  const login = returnedFrom !== 'hosted-logout';
  const text =
    returnedFrom === 'hosted-logout'
      ? 'Back from the hosted logout: the hosted session has ended too.'
      : !member
        ? `Back from the ${returnedFrom === 'hosted-login' ? 'hosted login' : 'login redirect'}, but not logged in (yet): see the session panel.`
        : returnedFrom === 'hosted-login'
          ? 'Back from the hosted login: you are logged in as a member, and the code is gone from the address bar.'
          : 'Back from the login redirect: the hidden frame could not sign in, so the login was completed through the hosted page. You are logged in as a member.';
  return (
    <div
      className={`banner ${login && !member ? 'warn' : 'ok'}`}
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
