import { createTokenManager, memoryStorage } from '@site-identity/tokens';
import type { TokenRole } from '@site-identity/tokens';

/** Gets visitor tokens from the platform at `apiBaseUrl`, and answers the session's role. */
export async function visitorSession(apiBaseUrl: string): Promise<TokenRole | 'loading'> {
  const tokens = createTokenManager({
    clientId: 'example-node-script',
    tokenUrl: `${apiBaseUrl}/oauth2/token`,
    storage: memoryStorage(),
  });
  try {
    await tokens.getAccessToken();
    return tokens.getSnapshot().status;
  } finally {
    tokens.dispose();
  }
}
