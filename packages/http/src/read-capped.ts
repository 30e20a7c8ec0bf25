/**
 * The bytes of a body (of a `Request` or a `Response`), read only up to `maxBytes`:
 * `undefined` as soon as it declares (`Content-Length`) or turns out to be longer, and
 * the rest is never read (the stream is cancelled). A stream that fails rejects, as
 * reading it whole would. Internal: on the subpath `@site-identity/http/internal`.
 *
 * @example
 * ```ts
 * import { readCapped } from '@site-identity/http/internal';
 *
 * const bytes = await readCapped(new Response('{"a":1}'), 65_536); // 7 bytes
 * ```
 */
export async function readCapped(
  message: { readonly headers: Headers; readonly body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(message.headers.get('content-length') ?? 0);
  if (!(declared <= maxBytes)) return undefined;
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    parts.push(read.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}
