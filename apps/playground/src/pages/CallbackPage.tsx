import { useEffect } from 'react';
import { useLoginCallback } from '@site-identity/react';
import { Header } from '../components/Header';
import { describeError } from '../lib/useAction';
import { usePlayground } from '../PlaygroundContext';

/**
 * Where the hosted login page returns. `useLoginCallback` exchanges the code
 * once (StrictMode runs the effect twice), removes it from the address bar,
 * and tells where the login started; the page then goes on there.
 */
export function CallbackPage() {
  const { log } = usePlayground();
  const callback = useLoginCallback();
  useEffect(() => {
    if (callback.status !== 'done') return;
    log.add('Hosted login: code exchanged, role member');
    window.location.replace(callback.result.originalUri ?? '/');
  }, [callback, log]);
  return (
    <>
      <Header />
      <main className="page members-page">
        <h2>Completing the login…</h2>
        {callback.status === 'error' ? (
          <p className="outcome bad" role="alert">
            The login could not be completed: {describeError(callback.error)}{' '}
            <a href="/">Back to the panels</a>
          </p>
        ) : callback.status === 'idle' ? (
          <p className="outcome warn">
            This address holds no login answer. <a href="/">Back to the panels</a>
          </p>
        ) : (
          <p>
            Exchanging the authorization code for member tokens, then going back to the page you
            came from.
          </p>
        )}
      </main>
    </>
  );
}
