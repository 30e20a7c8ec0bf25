import {
  isTokenEndpointError,
  type TokenEndpointError,
  type TokensError,
} from '@site-identity/tokens';

/** A refusal of the token endpoint caused by the app's configuration: what happened, what to change. @internal */
export interface ConfigurationProblem {
  readonly cause: string;
  readonly setting: string;
}

/**
 * Whether a failure the token manager reported is the app's configuration rather than
 * a moment's trouble: the token endpoint refused the request itself (401: the client
 * id is unknown; 404: the token URL does not exist; 403: the site or the app refuses
 * this page; 400 for visitor tokens). A refresh token the endpoint no longer takes,
 * network failures, time-outs and server failures are not. The message is the
 * endpoint's error, which names the URL and the endpoint's own reason. @internal
 */
export function configurationProblem(
  error: TokensError | TokenEndpointError,
): ConfigurationProblem | undefined {
  if (!isTokenEndpointError(error)) return undefined;
  const { status, grantType, invalidGrant, message } = error;
  if (invalidGrant) return undefined;
  const cause = message;
  switch (status) {
    case 401:
      return {
        cause,
        setting:
          "clientId: the client id of one of the site's OAuth apps (the app's OAuth settings)",
      };
    case 404:
      return {
        cause,
        setting: /\/oauth2\/oauth2\//.test(message)
          ? 'apiBaseUrl: the API base only (https://www.wixapis.com), without /oauth2'
          : 'apiBaseUrl (the API base) or tokenUrl',
      };
    case 403:
      return {
        cause,
        setting: /not published/i.test(message)
          ? 'publish the site'
          : "the app's OAuth settings: this page's origin among the allowed domains, and the site published",
      };
    case 400:
      return grantType === 'anonymous' ? { cause, setting: 'clientId and tokenUrl' } : undefined;
    default:
      return undefined;
  }
}
