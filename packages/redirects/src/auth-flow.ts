import {
  calculateCodeChallenge,
  generateCodeVerifier,
  generateState,
  type AuthFlowData,
} from '@site-identity/pkce';

/**
 * A new flow (S256 challenge of a fresh verifier, a fresh state) for a redirect URI and
 * original URI that redirects has already checked; `createAuthFlowData` of
 * `@site-identity/pkce` is the same with the checks, for callers of pkce itself.
 */
export async function newAuthFlow(
  redirectUri: string,
  originalUri?: string,
): Promise<AuthFlowData> {
  const codeVerifier = generateCodeVerifier();
  return {
    codeChallenge: await calculateCodeChallenge(codeVerifier),
    codeVerifier,
    state: generateState(),
    redirectUri,
    originalUri,
  };
}
