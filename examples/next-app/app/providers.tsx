'use client';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { IdentityProvider } from '@site-identity/react';
import { serverSessionSource } from '@site-identity/server/browser';
import { createTokenManager, type SessionSnapshot, type TokenManager } from '@site-identity/tokens';

const Tokens = createContext<TokenManager | null>(null);

/** The page's token manager, for the app's own platform calls. */
export const useTokens = (): TokenManager => useContext(Tokens)!;

/** The page's token manager asks /auth/session for access tokens; the refresh token stays on the server. */
export function Providers({
  session,
  children,
}: {
  session: SessionSnapshot;
  children: ReactNode;
}) {
  const [tokens] = useState(() =>
    createTokenManager({
      clientId: 'next-example',
      ...serverSessionSource({ initialSession: session }),
    }),
  );
  return (
    <Tokens.Provider value={tokens}>
      <IdentityProvider tokens={tokens} initialSession={session}>
        {children}
      </IdentityProvider>
    </Tokens.Provider>
  );
}
