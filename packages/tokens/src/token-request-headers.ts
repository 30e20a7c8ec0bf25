// The separate import `@site-identity/tokens/token-request-headers`: extra headers on
// token requests, for apps that send some (visitor tokens and hosted login need none).
import type { TokenRequestHeaders } from '@site-identity/tokens';
import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './errors';

/**
 * The extra headers of token requests as an app gives them: a record, or a function
 * called once per request that returns one.
 *
 * @example
 * ```ts
 * import type { TokenRequestHeaderValues } from '@site-identity/tokens/token-request-headers';
 *
 * const binding = { current: 'device-1' };
 * const values: TokenRequestHeaderValues = () => ({ 'client-binding': binding.current });
 * ```
 */
export type TokenRequestHeaderValues =
  Readonly<Record<string, string>> | (() => Readonly<Record<string, string>>);

/**
 * Extra headers on every token request of a token endpoint or a token manager (its
 * `tokenRequestHeaders` option), such as `client-binding`. `accept`, `content-type`
 * and `authorization` stay the library's: extra ones by those names are not sent.
 *
 * Each header is checked by `Headers` itself when a request is made: an unsafe name,
 * a line break inside a value, or a value that is not a string rejects that request
 * with `TokensError` `INVALID_ARGUMENT` naming the header
 * (`tokenRequestHeaders["client-binding"] must be a header-safe string; got …`), and
 * nothing is sent. A value is sent trimmed of surrounding white space, as `fetch` sends it.
 *
 * @param headers - a record of header values, or a function called once per request
 *   that returns one.
 * @throws `TokensError` `INVALID_ARGUMENT` when `headers` is neither.
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
export function createTokenRequestHeaders(headers: TokenRequestHeaderValues): TokenRequestHeaders {
  if (typeof headers !== 'function' && (typeof headers !== 'object' || !headers))
    throw invalid(
      'headers',
      'a record of header values or a function returning one',
      headers,
      invalidArgument,
    );
  return {
    headers() {
      const given = typeof headers === 'function' ? headers() : headers;
      const checked = new Headers();
      for (const [name, value] of Object.entries(Object(given) as Record<string, unknown>)) {
        try {
          // A value that is not a string is refused as one Headers refuses (the catch below).
          if (typeof value !== 'string') throw value;
          checked.set(name, value);
        } catch {
          throw invalid(
            `tokenRequestHeaders["${name.slice(0, 40)}"]`,
            'a header-safe string',
            value,
            invalidArgument,
            typeof value === 'string'
              ? '"a string with a line break or an unsafe name"'
              : undefined,
          );
        }
      }
      // The library's own: extra headers never replace them.
      checked.delete('accept');
      checked.delete('authorization');
      return checked;
    },
  };
}
