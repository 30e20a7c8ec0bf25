import { SignedOut, useSession } from '@site-identity/react';

export function App() {
  const { status } = useSession();
  return (
    <main>
      <p>Session: {status}</p>
      <SignedOut>
        <p>Welcome, visitor.</p>
      </SignedOut>
    </main>
  );
}
