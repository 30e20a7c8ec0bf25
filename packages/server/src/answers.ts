/** Headers every answer of the routes carries: nothing here may be cached or sniffed. */
function baseHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  for (const line of setCookies) headers.append('set-cookie', line);
  return headers;
}

/** A 303 See Other to `location` (a GET whatever the request's method). @internal */
export function redirectTo(location: string, setCookies: readonly string[] = []): Response {
  const headers = baseHeaders(setCookies);
  headers.set('location', location);
  return new Response(null, { status: 303, headers });
}

/** A JSON answer. @internal */
export function jsonAnswer(
  body: unknown,
  status = 200,
  setCookies: readonly string[] = [],
): Response {
  const headers = baseHeaders(setCookies);
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers });
}

/** Whether the caller asked for JSON rather than a page (`Accept: application/json`). @internal */
export const wantsJson = (request: Request): boolean =>
  /application\/json/i.test(request.headers.get('accept') ?? '');

/** What {@link problem} answers. @internal */
export interface ProblemAnswer {
  /** The HTTP status, 4xx or 5xx. */
  readonly status: number;
  /** The SCREAMING_SNAKE code, for programs (`FORBIDDEN_ORIGIN`). */
  readonly code: string;
  /** The developer's text: what was refused, expected and came. */
  readonly message: string;
  /** `Set-Cookie` values the answer carries as well. Default none. */
  readonly setCookies?: readonly string[] | undefined;
}

/** A failure the routes answer themselves: JSON `{ error: { code, message } }` or plain text. @internal */
export function problem(
  request: Request,
  { status, code, message, setCookies = [] }: ProblemAnswer,
): Response {
  if (wantsJson(request)) return jsonAnswer({ error: { code, message } }, status, setCookies);
  const headers = baseHeaders(setCookies);
  headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response(`${message} (${code})\n`, { status, headers });
}

/** `path` with `params` set in its query (existing ones of the same names replaced). @internal */
export function withParams(path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path, 'http://x');
  for (const [name, value] of Object.entries(params))
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
