// The app's identity setup, as the app creates it; tests pass a test browser's window.
import { createMemberAuth } from '@site-identity/member-auth';
import { createRedirects } from '@site-identity/redirects';
import type { RedirectsEnvironment } from '@site-identity/redirects';
import { createTokenManager, memoryStorage } from '@site-identity/tokens';

export function createIdentity(window?: RedirectsEnvironment['window']) {
  const tokens = createTokenManager({ clientId: 'my-app', storage: memoryStorage() });
  const redirects = createRedirects({ tokens, ...(window ? { window } : {}) });
  const memberAuth = createMemberAuth({ tokens, redirects });
  return { tokens, redirects, memberAuth };
}
