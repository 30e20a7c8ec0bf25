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
  </StrictMode>,
);
