// The instances, created once outside React: our session (tokens, redirects, member
// client) for the bindings, and @wix/sdk's createClient with the same session behind it.
import { createMemberAuth } from '@site-identity/member-auth';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager } from '@site-identity/tokens';
import { autoRefresh } from '@site-identity/tokens/auto-refresh';
import { createAuthStrategy, createRenewingFetch } from '@site-identity/wix-sdk';
import { items } from '@wix/data';
import { createClient } from '@wix/sdk';

export function createStore(clientId: string) {
  const tokens = createTokenManager({ clientId, autoRefresh });
  const redirects = createRedirects({ tokens });
  const memberAuth = createMemberAuth({ tokens, redirects });
  // Every module call carries the session's access token (renewed once for any number
  // of calls); a call answered 401 is renewed and sent once more.
  const client = createClient({
    modules: { items },
    auth: createAuthStrategy(tokens),
    fetch: createRenewingFetch(tokens),
  });
  return { tokens, redirects, memberAuth, client };
}

/** The @wix/sdk client of the store: the data items module on our session. */
export type StoreClient = ReturnType<typeof createStore>['client'];
