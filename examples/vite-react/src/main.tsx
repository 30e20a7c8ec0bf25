import { IdentityDevtools } from '@site-identity/devtools/react';
import { IdentityProvider } from '@site-identity/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createIdentity } from './identity';

const identity = createIdentity('my-client-id');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IdentityProvider {...identity}>
      <App />
    </IdentityProvider>
    {/* The session panel while developing; a production build contains none of it. */}
    <IdentityDevtools
      tokens={identity.tokens}
      signOutEverywhere={async () =>
        location.assign(await identity.redirects.logout({ postLogoutRedirectUri: location.origin }))
      }
    />
  </StrictMode>,
);
