// The instances, created once outside React and shared by the app and the bindings.
import { createMemberAuth } from '@site-identity/member-auth';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager } from '@site-identity/tokens';

export function createIdentity(clientId: string) {
  const tokens = createTokenManager({ clientId, autoRefresh: true });
  const redirects = createRedirects({ clientId, tokens });
  const memberAuth = createMemberAuth({ clientId, tokens, redirects });
  return { tokens, redirects, memberAuth };
}
