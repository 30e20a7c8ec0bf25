/** The longest cookie value written in one piece; longer values are chunked (browsers keep 4096 bytes per cookie). */
export const CHUNK_SIZE = 3800;

/** The cookies of a `Cookie` header, by name (the first of a repeated name wins). @internal */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    if (name && !cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}

/** Attributes of a cookie this package writes. @internal */
export interface CookieAttributes {
  readonly path: string;
  readonly secure: boolean;
  /** Seconds; 0 deletes. */
  readonly maxAge: number;
}

/** One `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, `Secure` unless on http://localhost. @internal */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const { path, secure, maxAge } = attributes;
  return `${name}=${value}; Path=${path}; Max-Age=${Math.max(0, Math.floor(maxAge))}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The names `name` may be stored under: itself, or `name.0`, `name.1`, … when chunked. */
const chunkName = (name: string, index: number) => `${name}.${index}`;

/**
 * The most chunks a value is read from: 8 × {@link CHUNK_SIZE} is far more than a
 * sealed token set needs, and a request with more is refused rather than read whole.
 */
export const MAX_CHUNKS = 8;

/**
 * The value stored under `name`, whole or in chunks; `undefined` when absent, and when
 * it comes in more than {@link MAX_CHUNKS} chunks (not a cookie this package wrote). @internal
 */
export function readChunked(cookies: Map<string, string>, name: string): string | undefined {
  const whole = cookies.get(name);
  if (whole !== undefined) return whole;
  if (cookies.has(chunkName(name, MAX_CHUNKS))) return undefined;
  let value = '';
  for (let i = 0; cookies.has(chunkName(name, i)); i++)
    value += cookies.get(chunkName(name, i)) ?? '';
  return value || undefined;
}

/** What {@link writeChunked} stores. @internal */
export interface ChunkedCookie {
  /** The cookie's name; its chunks are `name.0`, `name.1`, … */
  readonly name: string;
  /** The value to store, or `undefined` to delete the cookie and its chunks. */
  readonly value: string | undefined;
  /** The attributes every piece is written with. */
  readonly attributes: CookieAttributes;
}

/**
 * `Set-Cookie` values that store `value` under `name` (or delete it, for
 * `undefined`), chunked past {@link CHUNK_SIZE}, deleting the pieces of the
 * previous value (`cookies`, what the request carried) that the new one does not use. @internal
 */
export function writeChunked(
  cookies: Map<string, string>,
  { name, value, attributes }: ChunkedCookie,
): string[] {
  const pieces: string[] = [];
  if (value !== undefined)
    for (let i = 0; i < value.length; i += CHUNK_SIZE) pieces.push(value.slice(i, i + CHUNK_SIZE));
  const names = pieces.length === 1 ? [name] : pieces.map((_, i) => chunkName(name, i));
  const out = pieces.map((piece, i) => serializeCookie(names[i]!, piece, attributes));
  const gone = { ...attributes, maxAge: 0 };
  const previous = [name];
  for (let i = 0; cookies.has(chunkName(name, i)); i++) previous.push(chunkName(name, i));
  for (const old of previous)
    if (cookies.has(old) && !names.includes(old)) out.push(serializeCookie(old, '', gone));
  return out;
}
