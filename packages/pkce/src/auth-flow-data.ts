import { challengeOf } from './code-challenge';
import { drawVerifier, verifierOf } from './code-verifier';
import { attempt, describeValue, sameOriginTarget } from '@site-identity/http/internal';
import { PkceError } from './pkce-error';
import { generateState } from './state';

/**
 * Input of {@link createAuthFlowData}.
 *
 * @example
 * ```ts
 * import type { AuthFlowRequest } from '@site-identity/pkce';
 *
 * const request: AuthFlowRequest = { redirectUri: 'https://site.example/callback', originalUri: '/account' };
 * ```
 */
export interface AuthFlowRequest {
  /** Where the hosted login page returns to: an absolute http(s) URL. */
  readonly redirectUri: string;
  /**
   * Where the member was before logging in, to return to afterwards: a path on
   * the site (`/account?tab=orders`) or an absolute URL with the redirect URI's
   * origin. Anything else is refused (no open redirect).
   */
  readonly originalUri?: string;
  /** Length of the code verifier, 43 to 128. Default 43. */
  readonly verifierLength?: number;
}

/**
 * Everything a hosted-login (authorization code + PKCE) flow needs, created before
 * the redirect and kept until the callback.
 *
 * @example
 * ```ts
 * import { createAuthFlowData, type AuthFlowData } from '@site-identity/pkce';
 *
 * const flow: AuthFlowData = await createAuthFlowData({ redirectUri: 'https://site.example/callback' });
 * sessionStorage.setItem(`flow:${flow.state}`, JSON.stringify(flow));
 * ```
 */
export interface AuthFlowData {
  /** The S256 challenge of `codeVerifier`, sent with the authorization request. */
  readonly codeChallenge: string;
  /** The secret verifier, sent only with the code exchange. */
  readonly codeVerifier: string;
  /** The single-use `state` the callback must echo. */
  readonly state: string;
  /** The redirect URI, as given. */
  readonly redirectUri: string;
  /** The original URI, as given, or `undefined`. */
  readonly originalUri: string | undefined;
}

/**
 * Creates the data of one hosted-login flow: a fresh code verifier, its S256 code
 * challenge and a fresh state, with the checked redirect and original URIs.
 *
 * @throws PkceError `INVALID_REDIRECT_URI` unless `redirectUri` is an absolute
 *   http(s) URL without a fragment; `INVALID_ORIGINAL_URI` unless `originalUri` is a
 *   site path or a URL on the redirect URI's origin; `INVALID_VERIFIER_LENGTH`.
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-3.1.2 (redirect URI: absolute, no fragment)
 * @example
 * ```ts
 * import { createAuthFlowData } from '@site-identity/pkce';
 *
 * const { codeChallenge, codeVerifier, state } = await createAuthFlowData({
 *   redirectUri: 'https://site.example/callback',
 *   originalUri: '/account',
 * });
 * ```
 */
export async function createAuthFlowData(request: AuthFlowRequest): Promise<AuthFlowData> {
  const { redirectUri, originalUri, verifierLength } = request ?? ({} as AuthFlowRequest);
  const urlOf = (value: unknown) =>
    typeof value === 'string' ? attempt(() => new URL(value)) : undefined;
  const redirect = urlOf(redirectUri);
  if (!redirect || !/^https?:$/.test(redirect.protocol) || redirectUri.includes('#')) {
    throw new PkceError(
      `redirectUri must be an absolute http or https URL without a fragment; got ${describeValue(redirectUri)}`,
      { code: 'INVALID_REDIRECT_URI' },
    );
  }
  // A site path, or an absolute URL on the redirect URI's origin: the one rule of
  // every redirect target (control characters, backslashes and `//` after
  // normalisation refused).
  if (originalUri !== undefined && sameOriginTarget(originalUri, redirect.origin) === undefined) {
    throw new PkceError(
      `originalUri must be a path on the site or a URL on the origin of redirectUri (${redirect.origin}); got ${describeValue(originalUri)}`,
      { code: 'INVALID_ORIGINAL_URI' },
    );
  }
  return authFlowOf(redirectUri, originalUri, verifierOf(verifierLength ?? 43, 'verifierLength'));
}

/**
 * The flow of URIs already checked (by {@link createAuthFlowData}, or by redirects
 * where a login takes them) and a verifier this package drew (43 characters by
 * default): nothing is checked twice. Internal: on the subpath
 * `@site-identity/pkce/internal`, not public API.
 *
 * @example
 * ```ts
 * import { authFlowOf } from '@site-identity/pkce/internal';
 *
 * const flow = await authFlowOf('https://site.example/callback', '/account');
 * ```
 */
export async function authFlowOf(
  redirectUri: string,
  originalUri?: string,
  codeVerifier = drawVerifier(43),
): Promise<AuthFlowData> {
  return {
    codeChallenge: await challengeOf(codeVerifier),
    codeVerifier,
    state: generateState(),
    redirectUri,
    originalUri,
  };
}
