import type { IncomingMessage, ServerResponse } from 'node:http';
import { absoluteUrl } from '@site-identity/http/internal';
import { invalidArgument } from './server-identity-error';

/**
 * Options of {@link toWebRequest}.
 *
 * @example
 * ```ts
 * import type { NodeRequestOptions } from '@site-identity/server/node';
 * const options: NodeRequestOptions = { origin: 'https://shop.example' };
 * ```
 */
export interface NodeRequestOptions {
  /**
   * How the site is reached from the browser, e.g. `https://shop.example` or
   * `http://localhost:3000` (behind a proxy: the public origin). The request URL is
   * built on it; the `Host` header is not trusted for that.
   */
  readonly origin: string;
}

/**
 * A Web `Request` from a `node:http` request, for `handle(request)` and
 * `getSession(request)` of {@link createServerIdentity}: the URL on `origin`, every
 * header (repeated ones appended), and the body read in full for methods other
 * than GET and HEAD.
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
 */
export async function toWebRequest(
  req: IncomingMessage,
  options: NodeRequestOptions,
): Promise<Request> {
  const origin = absoluteUrl(options?.origin, 'origin', invalidArgument, { fragment: false });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  let body: ArrayBuffer | null = null;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of req)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    body = new Uint8Array(Buffer.concat(chunks)).buffer;
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
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
