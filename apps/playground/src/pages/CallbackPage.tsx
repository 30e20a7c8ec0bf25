import { useEffect, useState } from 'react';
import { useLoginCallback } from '@site-identity/react';
import { Header } from '../components/Header';
import { Outcome } from '../components/Outcome';
import { explainError } from '../lib/explain';
import { takeReturn } from '../lib/returnNote';
import { usePlayground } from '../PlaygroundContext';

/** Whether the hosted page answered that the member cancelled. */
function cancelled(error: unknown): boolean {
  const fields = error as { code?: unknown; error?: unknown } | undefined;
  return fields?.code === 'AUTHORIZATION_ERROR' && fields.error === 'access_denied';
}

/**
 * Where the hosted login page returns. `useLoginCallback` exchanges the code
 * once (StrictMode runs the effect twice), removes it from the address bar,
 * and tells where the login started; the page then goes on there. A cancelled
 * login, an error and an address with no login answer each get their own page.
 */
export function CallbackPage() {
  const { log } = usePlayground();
  const callback = useLoginCallback();
  // Read before the callback strips the address bar: an answer is there, so "idle" is only the first render.
  const [answered] = useState(() => /[?#&](code|error|state)=/.test(window.location.href));
  useEffect(() => {
    if (callback.status === 'done') {
      log.add('Hosted login: code exchanged, role member');
      window.location.replace(callback.result.originalUri ?? '/');
    } else if (callback.status === 'error') {
      takeReturn();
      log.add(
        cancelled(callback.error)
          ? 'Hosted login: the member cancelled'
          : 'Hosted login: the login could not be completed',
      );
    }
  }, [callback, log]);

  const [heading, body] =
    callback.status === 'error'
      ? cancelled(callback.error)
        ? [
            'Login cancelled',
            <p className="outcome warn" role="status" aria-label="Login answer" key="cancel">
              You cancelled on the hosted login page. Nothing changed: you are still a visitor.
            </p>,
          ]
        : [
            'The login could not be completed',
            <Outcome key="error" value={explainError(callback.error)} label="Login answer" />,
          ]
      : callback.status === 'idle' && !answered
        ? [
            'No login to complete',
            <p className="outcome info" role="status" aria-label="Login answer" key="idle">
              This address is where the hosted login page returns, and it holds no login answer now.
              Start a hosted login from the panels.
            </p>,
          ]
        : [
            'Completing the login…',
            <p key="working">
              Exchanging the authorization code for member tokens, then going back to the page you
              came from.
            </p>,
          ];

  return (
    <>
      <Header />
      <main className="page narrow-page">
        <h2>{heading}</h2>
        {body}
        <p>
          <a href="/">Back to the panels</a>
        </p>
      </main>
    </>
  );
}
