/**
 * The largest request body the routes read, and the default of the `node:http`
 * adapter's `maxBodyBytes`: 64 KiB, far more than a login or logout form needs.
 */
export const MAX_BODY_BYTES = 65_536;

/**
 * The bytes of `request`'s body, read only up to `maxBytes`: `undefined` as soon as
 * it declares (`Content-Length`) or turns out to be longer, or when its stream fails
 * (the `node:http` adapter fails it past its own limit); the rest is never read. @internal
 */
export async function readCapped(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (!(declared <= maxBytes)) return undefined;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        return undefined;
      }
      parts.push(read.value);
    }
  } catch {
    return undefined;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}
