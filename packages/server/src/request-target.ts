/**
 * The mark the `node:http` adapter sets on a `Request` whose request line was not
 * a path and query (absolute-form `http://host/…`, `//host/…`, `/\host/…`): `handle`
 * answers it with 400 instead of routing it. A registered symbol, so that the
 * adapter and the routes agree across builds and copies of the package. @internal
 */
export const REFUSED_TARGET = Symbol.for('@site-identity/server:refused-request-target');

/**
 * The request target of a request line as a path and query on `origin`, or
 * `undefined` when it is anything else (absolute-form, authority-form, `*`, or a
 * path whose first segment is empty or a backslash, which a URL parser would read as
 * another host). @internal
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2.1 RFC 9112 §3.2.1 (origin-form)
 */
export function originFormUrl(target: string, origin: URL): URL | undefined {
  if (!/^\/(?![/\\])/.test(target)) return undefined;
  try {
    const url = new URL(target, origin);
    return url.origin === origin.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `request` carries the adapter's {@link REFUSED_TARGET} mark. @internal */
export const hasRefusedTarget = (request: Request): boolean =>
  (request as Request & { [REFUSED_TARGET]?: boolean })[REFUSED_TARGET] === true;
