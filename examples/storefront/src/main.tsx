import { IdentityProvider } from '@site-identity/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createStore } from './identity';

const { client, ...identity } = createStore('my-client-id');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IdentityProvider {...identity}>
      <App client={client} />
    </IdentityProvider>
  </StrictMode>,
);
