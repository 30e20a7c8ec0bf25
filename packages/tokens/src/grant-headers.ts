import { invalid, isRecord } from '@site-identity/http/internal';
import { invalidArgument } from './tokens-error';
import type { TokenRequestHeaders } from './token-endpoint';

/**
 * The extra headers of one request, checked by `Headers` itself: an unsafe name, a
 * line break inside a value, or a value that is not a string is `INVALID_ARGUMENT`
 * naming the header (never a TypeError from `new Request`), and nothing is sent.
 * `tokenRequestHeaders` is a record, or a function called now that returns one. @internal
 */
export function extraHeaders(tokenRequestHeaders: TokenRequestHeaders): Headers {
  const given: unknown =
    typeof tokenRequestHeaders === 'function' ? tokenRequestHeaders() : tokenRequestHeaders;
  if (!isRecord(given))
    throw invalid(
      { name: 'tokenRequestHeaders()', expected: 'a record of header values', value: given },
      invalidArgument,
    );
  const checked = new Headers();
  // A `Headers` object given anyway is read by its entries (its properties are none).
  const entries = given instanceof Headers ? [...given] : Object.entries(given);
  for (const [name, value] of entries) {
    try {
      // A value that is not a string is refused as one Headers refuses (the catch below).
      if (typeof value !== 'string') throw value;
      checked.set(name, value);
    } catch {
      throw invalid(
        {
          name: `tokenRequestHeaders["${name.slice(0, 40)}"]`,
          expected: 'a header-safe string',
          value,
          shown:
            typeof value === 'string'
              ? '"a string with a line break or an unsafe name"'
              : undefined,
        },
        invalidArgument,
      );
    }
  }
  return checked;
}

/**
 * The headers of one grant request, built here and nowhere else: the app's extra
 * headers first, then the library's own over them (`accept` and `content-type` JSON,
 * `authorization` the grant's or none), so that no extra header of any shape or letter
 * case replaces one of them. @internal
 */
export function grantHeaders(
  extra: TokenRequestHeaders | undefined,
  authorization: string | undefined,
): Headers {
  const headers = extra === undefined ? new Headers() : extraHeaders(extra);
  headers.set('accept', 'application/json');
  headers.set('content-type', 'application/json');
  if (authorization) headers.set('authorization', authorization);
  else headers.delete('authorization');
  return headers;
}
