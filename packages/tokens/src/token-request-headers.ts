// The separate import `@site-identity/tokens/token-request-headers`: extra headers on
// token requests checked when the app configures them rather than at the first request.
import type { TokenRequestHeaders } from '@site-identity/tokens';
import { invalid, isRecord } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';
import { extraHeaders } from './grant-headers';

/**
 * Checks extra headers of token requests at once, for the `tokenRequestHeaders` option
 * of a token endpoint or a token manager. Optional: the option takes the same record or
 * function as it is; this helper only moves the check of a record to the line that
 * configures it. A record is checked now (every header, with the messages of a request:
 * `tokenRequestHeaders["client-binding"] must be a header-safe string; got …`); a
 * function is still called, and its headers checked, once per request. `accept`,
 * `content-type` and `authorization` stay the library's: extra ones by those names are
 * not sent.
 *
 * @param headers - a record of header values, or a function called once per request
 *   that returns one.
 * @returns `headers`, checked.
 * @throws `TokensError` `INVALID_ARGUMENT` when `headers` is neither, or a header of a
 *   record cannot be sent.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { createTokenRequestHeaders } from '@site-identity/tokens/token-request-headers';
 *
 * const manager = createTokenManager({
 *   clientId: 'my-client-id',
 *   tokenRequestHeaders: createTokenRequestHeaders({ 'client-binding': 'device-1' }),
 * });
 * ```
 */
export function createTokenRequestHeaders<H extends TokenRequestHeaders>(headers: H): H {
  if (typeof headers === 'function') return headers;
  if (!isRecord(headers))
    throw invalid(
      {
        name: 'headers',
        expected: 'a record of header values or a function returning one',
        value: headers,
      },
      invalidArgument,
    );
  extraHeaders(headers);
  return headers;
}
