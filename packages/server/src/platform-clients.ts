import { createMemberAuth, type MemberAuth } from '@site-identity/member-auth';
import { createRedirects, type Redirects } from '@site-identity/redirects';
import {
  createTokenEndpoint,
  createTokenManager,
  memoryStorage,
  type TokenManager,
  type Tokens,
} from '@site-identity/tokens';
import type { RenewalOutcome } from './renewal';
import type { ServerConfig } from './server-config';

/** The platform as one server identity reaches it. @internal */
export interface PlatformClients {
  /** Visitor tokens for a request that arrived without a session. */
  readonly visitorTokens: () => Promise<Tokens>;
  /** One renewal of `tokens` by the token engine's rules (a member is lost only when the platform rejects the refresh token). */
  readonly renew: (tokens: Tokens) => Promise<RenewalOutcome>;
  /** The platform clients of one request, acting for `tokens`. */
  readonly clientsFor: (
    tokens: Tokens,
  ) => Promise<{ tokens: TokenManager; redirects: Redirects; memberAuth: () => MemberAuth }>;
  /**
   * Ends what the platform lets a logout end of `tokens`' refresh token: presents it
   * once more and drops what comes back, so that on a platform that rotates refresh
   * tokens (single use) a copy of the session cookie made before can no longer renew.
   * Never rejects: a logout happens whatever the platform answers.
   */
  readonly retire: (tokens: Tokens) => Promise<void>;
  /** The authorization-code grant. */
  readonly exchangeCode: (request: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }) => Promise<Tokens>;
}

/**
 * The platform clients of a server identity: a token manager per request (memory
 * only, no tabs, so the engine's rules apply unchanged), the renewal, the clients
 * that act for a session, and the code exchange. @internal
 */
export function platformClients(config: ServerConfig): PlatformClients {
  const { clientId, apiBaseUrl, tokenUrl, fetch, now, leewaySeconds } = config;
  const platform = { clientId, tokenUrl, now, leewaySeconds, ...(fetch && { fetch }) };
  const manager = (): TokenManager =>
    createTokenManager({
      ...platform,
      storage: memoryStorage(),
      crossTab: false,
      onError: () => undefined,
    });
  const endpoint = createTokenEndpoint(platform);

  async function renew(tokens: Tokens): Promise<RenewalOutcome> {
    const tokensManager = manager();
    let expired = false;
    tokensManager.subscribe((_, event) => {
      if (event === 'SESSION_EXPIRED') expired = true;
    });
    try {
      await tokensManager.setTokens(tokens);
      return { tokens: await tokensManager.refresh(), expired };
    } finally {
      tokensManager.dispose();
    }
  }

  async function clientsFor(tokens: Tokens) {
    const tokensManager = manager();
    await tokensManager.setTokens(tokens);
    const clients = { clientId, tokens: tokensManager, apiBaseUrl, ...(fetch && { fetch }) };
    const redirects = createRedirects(clients);
    return {
      tokens: tokensManager,
      redirects,
      memberAuth: () => createMemberAuth({ ...clients, redirects }),
    };
  }

  return {
    visitorTokens: () => manager().getTokens(),
    renew,
    retire: (tokens) =>
      endpoint.refresh(tokens.refreshToken).then(
        () => undefined,
        () => undefined,
      ),
    clientsFor,
    exchangeCode: (request) => endpoint.exchangeCode(request),
  };
}
