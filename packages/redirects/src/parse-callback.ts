import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './redirects-error';

/**
 * Where the hosted page puts its answer when it redirects back: the URL fragment
 * (default) or the query string. `web_message` (a hidden frame posting to its
 * parent) is used by `silentLogin` and has no URL to parse.
 *
 * @example
 * ```ts
 * import type { UrlResponseMode } from '@site-identity/redirects';
 *
 * const mode: UrlResponseMode = 'query';
 * ```
 * @see https://openid.net/specs/oauth-v2-multiple-response-types-1_0.html#ResponseModes
 */
export type UrlResponseMode = 'fragment' | 'query';

/**
 * The fields the hosted page returns. A field that is absent or empty is `undefined`.
 *
 * @example
 * ```ts
 * import type { CallbackParams } from '@site-identity/redirects';
 *
 * const denied: CallbackParams = { state: 'x1', error: 'access_denied', errorDescription: 'Cancelled' };
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export interface CallbackParams {
  readonly code?: string;
  readonly state?: string;
  readonly error?: string;
  /** The wire's `error_description`. */
  readonly errorDescription?: string;
}

/** The wire names of the callback fields, in the order they are read. */
export const CALLBACK_FIELDS = ['code', 'state', 'error', 'error_description'] as const;

/** `url` as a `URL`; a relative one is read against `base`. */
export function toUrl(url: string | URL, base = 'https://callback.invalid'): URL {
  if (url instanceof URL) return url;
  if (typeof url !== 'string')
    throw invalid({ name: 'url', expected: 'a string or a URL', value: url }, invalidArgument);
  try {
    return new URL(url, base);
  } catch (cause) {
    // What came is not shown: a callback URL carries the authorization code.
    throw invalid(
      {
        name: 'url',
        expected: 'a string or a URL',
        value: url,
        shown: 'a string that is not a URL',
      },
      (message) => invalidArgument(message, cause),
    );
  }
}

/**
 * Reads `code`, `state`, `error` and `error_description` from the URL the hosted
 * login page redirected back to: from its fragment (default) or its query string.
 * Values are percent-decoded; other parameters are ignored. It never throws for a
 * URL that merely lacks the fields; `completeLogin` decides what is missing.
 *
 * @param url - The callback URL, absolute or relative (`/callback#code=…`).
 * @param responseMode - `'fragment'` (default) or `'query'`.
 * @throws {@link RedirectsError} `INVALID_ARGUMENT` for a value that is not a URL or an unknown mode.
 *
 * @example
 * ```ts
 * import { parseCallback } from '@site-identity/redirects';
 *
 * parseCallback('https://shop.example/callback#code=abc&state=xyz');
 * // { code: 'abc', state: 'xyz' }
 * parseCallback('https://shop.example/callback?error=access_denied&state=xyz', 'query');
 * // { state: 'xyz', error: 'access_denied' }
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export function parseCallback(
  url: string | URL,
  responseMode: UrlResponseMode = 'fragment',
): CallbackParams {
  if (responseMode !== 'fragment' && responseMode !== 'query')
    throw invalid(
      { name: 'responseMode', expected: "'fragment' or 'query'", value: responseMode },
      invalidArgument,
    );
  return readCallback(toUrl(url), responseMode);
}

/** The callback fields in the part of `url` that `responseMode` names (a mode already known to be one). */
export function readCallback(url: URL, responseMode: UrlResponseMode): CallbackParams {
  const params =
    responseMode === 'query' ? url.searchParams : new URLSearchParams(url.hash.slice(1));
  return callbackFields((field) => params.get(field));
}

/**
 * The callback fields `read` gives (from a URL's parameters or a posted message),
 * each kept when it is a non-empty string.
 */
export function callbackFields(read: (field: string) => unknown): CallbackParams {
  const result: Record<string, string> = {};
  for (const field of CALLBACK_FIELDS) {
    const value = read(field);
    if (typeof value === 'string' && value)
      result[field === 'error_description' ? 'errorDescription' : field] = value;
  }
  return result;
}
