import type { IncomingMessage, ServerResponse } from 'node:http';
import { fragmentFreeUrl, invalid } from '@site-identity/http/internal';
import { MAX_BODY_BYTES } from './body-limit';
import { invalidArgument } from './server-identity-error';
import { originFormUrl, REFUSED_TARGET } from './request-target';
import { reportOriginMismatch } from './origin-mismatch';

/**
 * Options of {@link toWebRequest}.
 *
 * @example
 * ```ts
 * import type { NodeRequestOptions } from '@site-identity/server/node';
 * const options: NodeRequestOptions = { origin: 'https://shop.example', maxBodyBytes: 65_536 };
 * ```
 */
export interface NodeRequestOptions {
  /**
   * How the site is reached from the browser, e.g. `https://shop.example` or
   * `http://localhost:3000` (behind a proxy: the public origin). The request URL is
   * this origin with the path and query of the request line; neither the `Host`
   * header nor the request line can change it.
   */
  readonly origin: string;
  /**
   * The most bytes of a body the `Request` gives to whoever reads it; past it, its
   * stream fails (the routes answer 413). Default 65 536 (64 KiB).
   */
  readonly maxBodyBytes?: number;
}

/** What fails the body stream past `maxBodyBytes`. */
const tooLarge = (maxBytes: number) =>
  invalidArgument(`The request body must be at most ${maxBytes} bytes`);

/**
 * `req`'s body as a stream that reads nothing until its first read (a route that
 * never reads it leaves it to Node, which discards it), and fails past `maxBytes`,
 * discarding the rest as it arrives: never more than `maxBytes` held.
 */
function bodyOf(req: IncomingMessage, maxBytes: number): ReadableStream<Uint8Array> {
  let size = 0;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer | string) => {
          if (done) return;
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          size += bytes.byteLength;
          if (size > maxBytes) {
            done = true;
            return controller.error(tooLarge(maxBytes));
          }
          controller.enqueue(new Uint8Array(bytes));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => !done && ((done = true), controller.close()));
        req.on('error', (error) => !done && ((done = true), controller.error(error)));
      },
      pull: () => void req.resume(),
      cancel() {
        done = true;
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A Web `Request` from a `node:http` request, for `handle(request)` and
 * `getSession(request)` of {@link createServerIdentity}: the URL is `origin` with the
 * path and query of the request line, every header is kept (repeated ones appended),
 * and the body of a method other than GET and HEAD is a stream read only by whoever
 * needs it, up to `maxBodyBytes`. A request line that is not a path and query
 * (absolute-form `http://host/…`, `//host/…`, `/\host/…`) makes a `Request` on
 * `origin` that `handle` answers with 400: it never takes the place of `origin`.
 * Rejects only for bad options (`INVALID_ARGUMENT`), never for what a client sent.
 * In development (`NODE_ENV` other than `production`), a request whose `Host` differs
 * from `origin` is reported once per server with `console.warn`, naming both: the
 * callback and every redirect go to `origin`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createServerIdentity } from '@site-identity/server';
 * import { sendWebResponse, toWebRequest } from '@site-identity/server/node';
 *
 * const identity = createServerIdentity({ clientId: 'my-client-id', secret: process.env.SESSION_SECRET! });
 * createServer(async (req, res) => {
 *   const request = await toWebRequest(req, { origin: 'http://localhost:3000' });
 *   const routed = await identity.handle(request); // /auth/login, /auth/callback, …
 *   if (routed) return sendWebResponse(res, routed);
 *   const { snapshot, headers } = await identity.getSession(request);
 *   headers.set('content-type', 'text/plain');
 *   await sendWebResponse(res, new Response(`You are a ${snapshot.status}`, { headers }));
 * }).listen(3000);
 * ```
 * @see https://nodejs.org/api/http.html#class-httpincomingmessage
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2 RFC 9112 §3.2 (request target)
 */
export async function toWebRequest(
  req: IncomingMessage,
  options: NodeRequestOptions,
): Promise<Request> {
  const origin = fragmentFreeUrl(options?.origin, 'origin', invalidArgument);
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes >= 0))
    throw invalid(
      { name: 'maxBodyBytes', expected: 'a whole number of bytes ≥ 0', value: maxBodyBytes },
      invalidArgument,
    );
  // Copying an example's origin onto a server that listens elsewhere sends the callback there.
  reportOriginMismatch(req, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const url = originFormUrl(req.url ?? '/', origin);
  const body = !url || method === 'GET' || method === 'HEAD' ? null : bodyOf(req, maxBodyBytes);
  // A stream body needs `duplex: 'half'` (undici), which RequestInit does not name yet.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body };
  if (body) init.duplex = 'half';
  const request = new Request(url ?? new URL('/', origin), init);
  if (!url) Object.defineProperty(request, REFUSED_TARGET, { value: true });
  return request;
}

/**
 * Writes a Web `Response` (from `handle`, or your own with `getSession`'s headers) to
 * a `node:http` response: the status, every header, each `Set-Cookie` kept apart (the
 * session cookie is chunked into several), then the body.
 *
 * @example
 * ```ts
 * import type { ServerResponse } from 'node:http';
 * import { sendWebResponse } from '@site-identity/server/node';
 * declare const res: ServerResponse;
 *
 * await sendWebResponse(res, new Response('Not found', { status: 404 }));
 * ```
 * @see https://nodejs.org/api/http.html#class-httpserverresponse
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.writeHead(response.status, response.statusText || undefined);
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined;
  await new Promise<void>((resolve) => (body ? res.end(body, resolve) : res.end(resolve)));
}
