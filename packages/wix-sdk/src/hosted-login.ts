import { invalid } from '@site-identity/http/internal';
import { generateCodeVerifier, generateState } from '@site-identity/pkce';
import { parseCallback } from '@site-identity/redirects';
import type { TokenManager, Tokens } from '@site-identity/tokens';
import type { OauthData } from './incumbent-types';
import { s256Challenge } from './s256-challenge';
import { invalidArgument, WixSdkError } from './wix-sdk-error';

/** `text` when it is a string, else `INVALID_ARGUMENT` naming `name`. */
const stringOf = (text: unknown, name: string): string => {
  if (typeof text !== 'string')
    throw invalid({ name, expected: 'a string', value: text }, invalidArgument);
  return text;
};

/**
 * `generateOAuthData(redirectUri, originalUri?)`: a fresh verifier (43 characters,
 * unbiased), its S256 challenge and a state, at once (no await, as `@wix/sdk`
 * returns them). @internal
 */
export function generateOAuthData(redirectUri: string, originalUri?: string): OauthData {
  const codeVerifier = generateCodeVerifier();
  return {
    redirectUri: stringOf(redirectUri, 'redirectUri'),
    originalUri: originalUri === undefined ? '' : stringOf(originalUri, 'originalUri'),
    codeVerifier,
    codeChallenge: s256Challenge(codeVerifier),
    state: generateState(),
  };
}

/**
 * `parseFromUrl(url?, responseMode?)`: the callback's fields from `url` (default:
 * the address bar); a missing `code` or `state` is `null`, as `@wix/sdk` gives it. @internal
 */
export function parseFromUrl(
  url?: string,
  responseMode: 'query' | 'fragment' = 'fragment',
): { code: string; state: string; error?: string; errorDescription?: string } {
  const where = url ?? globalThis.location?.href;
  if (where === undefined)
    throw invalid(
      {
        name: 'url',
        expected: 'a URL (there is no address bar to read outside a browser)',
        value: where,
      },
      invalidArgument,
    );
  const { code = null, state = null, error, errorDescription } = parseCallback(where, responseMode);
  return {
    code: code as string,
    state: state as string,
    ...(error !== undefined && { error, errorDescription }),
  };
}

/**
 * `getMemberTokens(code, state, oauthData)`: checks the callback against the flow,
 * then exchanges the code through the manager, which makes the member tokens the
 * session (ordered against any renewal). @internal
 */
export async function getMemberTokens(
  manager: TokenManager,
  { code, state, oauthData }: { code: string; state: string; oauthData: OauthData },
): Promise<Tokens> {
  if (!code || !state)
    throw new WixSdkError('getMemberTokens: the callback has no code or no state', {
      code: 'MISSING_CODE_OR_STATE',
    });
  if (state !== oauthData?.state)
    throw new WixSdkError("getMemberTokens: state does not match oauthData's state", {
      code: 'INVALID_STATE',
    });
  return manager.exchangeCode({
    code,
    codeVerifier: oauthData.codeVerifier,
    redirectUri: oauthData.redirectUri,
  });
}
