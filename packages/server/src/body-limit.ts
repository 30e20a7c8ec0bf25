import { readCapped as readCappedBody } from '@site-identity/http/internal';

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
  return readCappedBody(request, maxBytes).catch(() => undefined);
}
