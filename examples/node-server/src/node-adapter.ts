import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Web `Request` from a node:http request (`origin`: how the site is reached, e.g. http://localhost:4484). */
export async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

/** Writes a Web `Response` to a node:http response, every Set-Cookie kept apart. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.writeHead(response.status);
  res.end(Buffer.from(await response.arrayBuffer()));
}
