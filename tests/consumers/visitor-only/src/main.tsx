import { IdentityProvider } from '@site-identity/react';
import { createTokenManager } from '@site-identity/tokens';
import { autoRefresh } from '@site-identity/tokens/auto-refresh';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const tokens = createTokenManager({ clientId: 'my-client-id', autoRefresh });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IdentityProvider tokens={tokens}>
      <App />
    </IdentityProvider>
  </StrictMode>,
);
