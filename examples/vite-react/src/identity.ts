// The instances, created once outside React and shared by the app and the bindings.
import { createMemberAuth } from '@site-identity/member-auth';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager } from '@site-identity/tokens';
import { autoRefresh } from '@site-identity/tokens/auto-refresh';

export function createIdentity(clientId: string) {
  const tokens = createTokenManager({ clientId, autoRefresh });
  const redirects = createRedirects({ tokens });
  // A login completes in a hidden frame, or (third-party cookies blocked) by a redirect
  // through the hosted page back to /callback, which the app's Callback finishes.
  const memberAuth = createMemberAuth({
    tokens,
    redirects,
    redirectUri: `${location.origin}/callback`,
  });
  return { tokens, redirects, memberAuth };
}
