'use client';
import { useEffect, useState } from 'react';
import { SignedIn, SignedOut, useSession } from '@site-identity/react';
import { useTokens } from './providers';

/** A client component with the hooks: rendered on the server with the session, then live. */
export function MemberPanel() {
  const { status } = useSession();
  const tokens = useTokens();
  const [token, setToken] = useState<string>();
  // The button works once React has hydrated the page: until then it is disabled, not dead.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section>
      <p data-testid="client-status">client: {status}</p>
      <SignedIn>
        <p data-testid="signed-in">Welcome back, member.</p>
        <form method="post" action="/auth/logout">
          <input type="hidden" name="returnTo" value="/" />
          <button type="submit">Log out</button>
        </form>
      </SignedIn>
      <SignedOut>
        <p data-testid="signed-out">
          <a href="/auth/login?returnTo=/">Sign in on the hosted page</a> or{' '}
          <a href="/login">with a password</a>
        </p>
      </SignedOut>
      <button
        type="button"
        disabled={!hydrated}
        onClick={async () => {
          setToken(await tokens.getAccessToken());
        }}
      >
        Get an access token
      </button>
      {token && <p data-testid="access-token">{token.length} characters</p>}
    </section>
  );
}
