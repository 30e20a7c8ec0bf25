import { describeValue, isRecord } from '@site-identity/http/internal';
import { problem } from './answers';
import { readCapped } from './body-limit';

/**
 * A form post must come from the site itself: its `Origin` must be the configured
 * origin, or, where a browser sent none, `Sec-Fetch-Site` must say `same-origin`.
 * Refused are another origin, `null` (a sandboxed page or a redirect), no `Origin`
 * and no `Sec-Fetch-Site: same-origin`, and any `Sec-Fetch-Site` other than
 * `same-origin` (`cross-site`, `same-site`: a sibling subdomain); so no other site can
 * log a member in or out. The refusal names the origin expected and what came.
 * @internal
 * @see https://fetch.spec.whatwg.org/#origin-header
 * @see https://www.w3.org/TR/fetch-metadata/#sec-fetch-site-header
 */
export function crossOrigin(request: Request, origin: URL): Response | undefined {
  const from = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const sameSite = site === null || site === 'same-origin';
  if (sameSite && (from === origin.origin || (from === null && site === 'same-origin')))
    return undefined;
  const came = from === null ? 'no Origin' : `Origin ${describeValue(from)}`;
  return problem(request, {
    status: 403,
    code: 'FORBIDDEN_ORIGIN',
    message: `A form post must come from ${origin.origin} (Origin ${origin.origin}, or Sec-Fetch-Site: same-origin); got ${came}${site === null ? '' : ` and Sec-Fetch-Site ${describeValue(site)}`}`,
  });
}

/** The media types a form or JSON body may have, by their essence. */
const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const JSON_TYPE = 'application/json';

/**
 * The essence of a `Content-Type` (`type/subtype`, lower case, parameters left
 * out), or `''`: `text/plain;x=application/json` is `text/plain`.
 * @see https://mimesniff.spec.whatwg.org/#parse-a-mime-type
 */
export const mediaTypeOf = (header: string | null): string =>
  (header ?? '').split(';', 1)[0]!.trim().toLowerCase();

/** What {@link readFields} found: the fields, or why there are none (415 or 413). @internal */
export type ReadFields =
  | { readonly fields: Record<string, string> }
  | { readonly status: 413 | 415; readonly code: string; readonly message: string };

const TOO_LARGE = {
  status: 413,
  code: 'PAYLOAD_TOO_LARGE',
  message: 'The body is too large for this route',
} as const;

const NOT_A_FORM = {
  status: 415,
  code: 'INVALID_ARGUMENT',
  message:
    'The body must be a form (application/x-www-form-urlencoded or multipart/form-data) or JSON',
} as const;

/**
 * A form or JSON body as a record of strings (the first of a repeated name), read
 * only up to 64 KiB (`MAX_BODY_BYTES`) and only for a media type it parses as one of
 * the three; `{ status: 415 }` for anything else, `{ status: 413 }` past the limit.
 * An absent body with no media type is no fields. @internal
 */
export async function readFields(request: Request): Promise<ReadFields> {
  const type = mediaTypeOf(request.headers.get('content-type'));
  const known = type === JSON_TYPE || type === FORM || type === MULTIPART;
  if (!known && type !== '') return NOT_A_FORM;
  const bytes = await readCapped(request);
  if (!bytes) return TOO_LARGE;
  // No media type: only an empty body, which has no fields.
  if (!known) return bytes.byteLength === 0 ? { fields: {} } : NOT_A_FORM;
  try {
    if (type === JSON_TYPE) {
      const body: unknown = JSON.parse(new TextDecoder().decode(bytes));
      if (!isRecord(body)) return NOT_A_FORM;
      return {
        fields: Object.fromEntries(
          Object.entries(body).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        ),
      };
    }
    const form =
      type === FORM
        ? new URLSearchParams(new TextDecoder().decode(bytes))
        : await new Response(bytes, {
            headers: { 'content-type': request.headers.get('content-type')! },
          }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] ??= value;
    return { fields };
  } catch {
    return NOT_A_FORM;
  }
}

/** The problem answer of a {@link readFields} that found no fields. @internal */
export const unreadable = (
  request: Request,
  read: Exclude<ReadFields, { fields: unknown }>,
  setCookies: readonly string[] = [],
): Response => problem(request, { ...read, setCookies });
