import { isPlatformError, type PlatformError } from '@site-identity/http';
import { isRecord } from '@site-identity/http/internal';
import { isRedirectsError } from '@site-identity/redirects';
import { isTokenEndpointError, type TokenEndpointError } from '@site-identity/tokens';

/**
 * What the diagnosis names: the values the app sent.
 *
 * @example
 * ```ts
 * import type { SentSettings } from '@site-identity/member-auth/internal';
 * const sent: SentSettings = { clientId: 'my-client-id', base: 'https://www.wixapis.com' };
 * ```
 */
export interface SentSettings {
  /** The client id the token requests carry. */
  readonly clientId: string;
  /** The checked API base, without a trailing slash. */
  readonly base: string;
}

/**
 * A refusal caused by the app's configuration: what happened, and the setting to change.
 *
 * @example
 * ```ts
 * import type { ConfigurationRefusal } from '@site-identity/member-auth/internal';
 * const line = ({ cause, fix }: ConfigurationRefusal) => `${cause}; to fix it, ${fix}`;
 * ```
 */
export interface ConfigurationRefusal {
  /** What the platform refused, with the value that was sent. */
  readonly cause: string;
  /** Where to fix it. */
  readonly fix: string;
  /** The error that said so: the developer's full account is its message. */
  readonly error: Error;
}

/** How deep the causes are searched for the platform's refusal. */
const MAX_CAUSE_DEPTH = 4;

/** The statuses of a token endpoint that mean the request itself is refused, not a moment's trouble. */
const REFUSED = [400, 401, 403, 404];

/** Where an app's OAuth settings are named in every diagnosis. */
const OAUTH_SETTINGS = "the app's OAuth settings on the platform";

/**
 * Where a hosted page loaded and never answered, by the code of the redirects error that
 * says so: the platform answers only a page whose origin is among the app's allowed
 * domains, for a registered redirect URI.
 */
const SILENT_PAGES: Partial<Record<string, string>> = {
  FRAME_NOT_ANSWERED: 'hidden frame',
  ORIGIN_NOT_ALLOWED: 'popup',
};

const saysNotPublished = (error: PlatformError): boolean =>
  error.code === 'SITE_NOT_PUBLISHED' || /not published/i.test(error.description ?? '');

/** The token endpoint's refusal, by its status (its own words are in the error's message). */
function tokenRefusal(
  error: TokenEndpointError,
  sent: SentSettings,
): Omit<ConfigurationRefusal, 'error'> | undefined {
  const { status } = error;
  if (status === undefined || !REFUSED.includes(status)) return undefined;
  // A refresh token the endpoint no longer takes (the manager falls back to visitor
  // tokens), or a code it refuses, is not a setting.
  if (error.invalidGrant || (error.grantType === 'authorization_code' && status === 400))
    return undefined;
  const url = error.detail?.url ?? 'the token URL';
  if (status === 404) {
    return /\/oauth2\/oauth2\//.test(url)
      ? {
          cause: `the token endpoint is not at POST ${url} (404): apiBaseUrl "${sent.base}" ends in /oauth2`,
          fix: 'give apiBaseUrl the API base only (https://www.wixapis.com by default); the library adds /oauth2/token',
        }
      : {
          cause: `the token endpoint is not at POST ${url} (404)`,
          fix: 'check apiBaseUrl (the API base, https://www.wixapis.com by default) or tokenUrl',
        };
  }
  if (saysNotPublished(error))
    return {
      cause: 'the site is not published (the token endpoint answered 403)',
      fix: 'publish the site',
    };
  if (status === 401)
    return {
      cause: `the token endpoint does not know the client id "${sent.clientId}" (401)`,
      fix: `set clientId to the client id of one of the site's OAuth apps (${OAUTH_SETTINGS})`,
    };
  return {
    cause: `the token endpoint refused the ${error.grantType} grant of client id "${sent.clientId}" (${status})`,
    fix: `check clientId, and in ${OAUTH_SETTINGS} the allowed domains (this page's origin) and that the site is published`,
  };
}

/** A refusal of the identity API itself: a path that does not exist, an unpublished site, a redirect URI. */
function apiRefusal(
  error: PlatformError,
  sent: SentSettings,
): Omit<ConfigurationRefusal, 'error'> | undefined {
  const status = error.status ?? 'no status';
  // The request's URL when the error has it; else the API base it was sent under.
  const where = error.detail
    ? `POST ${error.detail.url} answered ${status}`
    : `the platform answered ${status}`;
  if (saysNotPublished(error))
    return { cause: `the site is not published (${where})`, fix: 'publish the site' };
  // A 404 without the platform's details: no such endpoint there, so the base is wrong.
  if (error.status === 404 && error.code === 'NOT_FOUND')
    return {
      cause: `an identity call under apiBaseUrl "${sent.base}" does not exist (${where})`,
      fix: 'give apiBaseUrl the API base only (https://www.wixapis.com by default), without a path such as /oauth2',
    };
  if (error.code === 'INVALID_REDIRECT_URI')
    return {
      cause: `the platform refused the redirect URI (${error.description ?? error.message})`,
      fix: `add it to the redirect URIs in ${OAUTH_SETTINGS}`,
    };
  return undefined;
}

/**
 * Whether `error` (or one of its causes) is a refusal caused by the app's configuration
 * rather than by the member: an unknown client id, a token URL or API base that does not
 * exist, an unpublished site, a redirect URI or an origin the app's OAuth settings do not
 * allow (a hidden frame or a popup whose hosted page loaded and never answered). Never a
 * member's input, a network failure, a time-out or a server failure. What the login
 * endpoint answers with the platform's own details (the spec's catalogue) is not one.
 *
 * @example
 * ```ts
 * import { configurationRefusal } from '@site-identity/member-auth/internal';
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const tokens = createTokenManager({ clientId: 'my-client-id' });
 * const refusal = await tokens.getAccessToken().then(
 *   () => undefined,
 *   (error: unknown) => configurationRefusal(error, { clientId: 'my-client-id', base: tokens.apiBaseUrl }),
 * );
 * if (refusal) console.warn(`${refusal.cause}; to fix it, ${refusal.fix}`);
 * ```
 */
export function configurationRefusal(
  error: unknown,
  sent: SentSettings,
): ConfigurationRefusal | undefined {
  for (let at = error, depth = 0; isRecord(at) && depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (isRedirectsError(at) && SILENT_PAGES[at.code])
      return {
        cause: `the hosted page in the ${SILENT_PAGES[at.code]} loaded and never answered`,
        fix: `add this page's origin to the allowed domains and the redirect URI to the redirect URIs in ${OAUTH_SETTINGS}`,
        error: at,
      };
    if (isTokenEndpointError(at)) {
      const found = tokenRefusal(at, sent);
      return found && { ...found, error: at };
    }
    if (isPlatformError(at)) {
      const found = apiRefusal(at, sent);
      if (found) return { ...found, error: at };
    }
    at = at.cause;
  }
  return undefined;
}

/**
 * The developer's message of a configuration refusal: that it is the app's
 * configuration, not the member's input, what was refused with the value sent, the
 * setting to change, and the underlying error's own account.
 *
 * @example
 * ```ts
 * import { configurationRefusal, refusalMessage } from '@site-identity/member-auth/internal';
 * declare const error: unknown;
 * const refusal = configurationRefusal(error, { clientId: 'my-client-id', base: 'https://www.wixapis.com' });
 * if (refusal) console.error(refusalMessage(refusal));
 * ```
 */
export const refusalMessage = ({ cause, fix, error }: ConfigurationRefusal): string =>
  `The platform refused the app's configuration, not the member's input: ${cause}. To fix it, ${fix}. (${error.message})`;
