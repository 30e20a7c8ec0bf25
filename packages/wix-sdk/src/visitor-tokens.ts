import { isTokenEndpointError, type TokenEndpoint, type TokenManager } from '@site-identity/tokens';
import type { AccessToken, RefreshToken, Tokens } from './incumbent-types';

/** What `generateVisitorTokens` and `renewToken` work with. @internal */
export interface VisitorTokenSources {
  readonly manager: TokenManager;
  readonly endpoint: TokenEndpoint;
  /** The session's tokens now (after any `setTokens` still being applied). */
  readonly held: () => Tokens;
  /** Resolves once every `setTokens` so far reached the manager. */
  readonly settled: () => Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * `renewToken(refreshToken)`: the session's own refresh token renews the session
 * (one flight with every other renewal, so a rotated token is never presented
 * twice); another one is renewed on its own and the session is untouched. Either
 * way the answer's refresh token is kept (the platform may rotate it). @internal
 */
export async function renewToken(
  sources: VisitorTokenSources,
  refreshToken: RefreshToken,
): Promise<Tokens> {
  await sources.settled();
  if (refreshToken.value && refreshToken.value === sources.held().refreshToken.value)
    return sources.manager.refresh();
  return sources.endpoint.refresh(refreshToken as Parameters<TokenEndpoint['refresh']>[0]);
}

/**
 * `generateVisitorTokens(tokens?)`: valid tokens as they are; without tokens, or
 * with the session's, the session's tokens (renewed when due, visitor tokens when
 * there is none: one flight for every caller); other tokens are renewed through
 * their refresh token, and only a refusal of it (400/401) falls back to new
 * visitor tokens. A network failure, time-out, 5xx or 429 rejects, the tokens kept. @internal
 */
export async function generateVisitorTokens(
  sources: VisitorTokenSources,
  tokens?: { refreshToken?: RefreshToken; accessToken?: AccessToken },
): Promise<Tokens> {
  const { accessToken, refreshToken } = tokens ?? {};
  if (accessToken?.value && refreshToken?.value && accessToken.expiresAt >= nowSeconds())
    return { accessToken, refreshToken };
  await sources.settled();
  const held = sources.held();
  if (!refreshToken?.value || refreshToken.value === held.refreshToken.value)
    return sources.manager.getTokens();
  try {
    return await sources.endpoint.refresh(refreshToken as Parameters<TokenEndpoint['refresh']>[0]);
  } catch (error) {
    if (isTokenEndpointError(error) && error.invalidGrant) return sources.endpoint.anonymous();
    throw error;
  }
}
