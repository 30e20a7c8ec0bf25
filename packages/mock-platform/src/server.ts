import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { controlRefusal } from './control-guard';
import { corsHeaders } from './cors';
import { MockPlatformError } from './mock-platform-error';
import { rootPage } from './root-page';
import { createMockPlatform, type MockPlatform } from './platform';

const NODE_HTTP = 'node:http';

/**
 * Options of {@link startMockPlatformServer}.
 *
 * @example
 * ```ts
 * import { startMockPlatformServer } from '@site-identity/mock-platform';
 * import type { MockPlatformServerOptions } from '@site-identity/mock-platform';
 * const options: MockPlatformServerOptions = { port: 4010, host: '127.0.0.1' };
 * await startMockPlatformServer(options);
 * ```
 */
export interface MockPlatformServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on. Default '127.0.0.1'. */
  readonly host?: string;
  /** The emulator to serve. Default: a new `createMockPlatform()`. */
  readonly platform?: MockPlatform;
}

/**
 * A running emulator server.
 *
 * @example
 * ```ts
 * import { startMockPlatformServer } from '@site-identity/mock-platform';
 * import type { MockPlatformServer } from '@site-identity/mock-platform';
 * const server: MockPlatformServer = await startMockPlatformServer();
 * const tokenUrl = `${server.url}/oauth2/token`;
 * await server.close();
 * ```
 */
export interface MockPlatformServer {
  /** Its origin, e.g. `http://127.0.0.1:4010`: use it as the library's API base and token URL host. */
  readonly url: string;
  readonly port: number;
  readonly platform: MockPlatform;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

async function toRequest(
  req: IncomingMessage,
  origin: string,
  signal: AbortSignal,
): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    try {
      headers.append(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
    } catch {
      // A header the Fetch API refuses is dropped; the emulator does not need it.
    }
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD' && chunks.length > 0;
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
}

/** What a server serves, as {@link serve} takes it. */
interface Served {
  /** The emulator that answers. */
  readonly platform: MockPlatform;
  /** The server's origin (known once it listens), for the root page and the requests' URLs. */
  readonly origin: () => string;
  /** The host it listens on, which a control request's `Host` may name besides a loopback host. */
  readonly listenHost: string;
}

/** Answers one HTTP request: CORS preflight, the root page, a guarded control call, or the emulator. */
async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  { platform, origin, listenHost }: Served,
): Promise<void> {
  const requestOrigin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  if (req.method === 'OPTIONS') {
    const requestHeaders = req.headers['access-control-request-headers'];
    res.writeHead(
      204,
      corsHeaders(requestOrigin, {
        preflight: true,
        ...(typeof requestHeaders === 'string' ? { requestHeaders } : {}),
      }),
    );
    res.end();
    return;
  }
  if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
    const body = Buffer.from(rootPage(origin()));
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
    });
    res.end(body);
    return;
  }
  if (req.url?.startsWith('/_mock/')) {
    const refused = controlRefusal(
      {
        method: req.method ?? 'GET',
        host: req.headers.host,
        origin: requestOrigin,
        contentType: req.headers['content-type'],
        hasBody:
          Number(req.headers['content-length'] ?? 0) > 0 || 'transfer-encoding' in req.headers,
      },
      listenHost,
    );
    if (refused) {
      req.resume();
      const body = Buffer.from(JSON.stringify({ message: refused.message, details: {} }));
      res.writeHead(refused.status, {
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      res.end(body);
      return;
    }
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished)
      controller.abort(new DOMException('The client closed the connection', 'AbortError'));
  });
  const outcome = await platform.handle(await toRequest(req, origin(), controller.signal));
  if (outcome.type !== 'response') {
    req.socket.destroy();
    return;
  }
  const { response } = outcome;
  const headers: Record<string, string | string[]> = {
    ...corsHeaders(requestOrigin, { preflight: false }),
  };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

/**
 * Serves an emulator over HTTP (Node only; `node:http` is loaded when this is called),
 * with CORS for loopback origins. Point the library's API base and token URL at `url`.
 *
 * @example
 * ```ts
 * import { startMockPlatformServer } from '@site-identity/mock-platform';
 * const server = await startMockPlatformServer({ port: 4010 });
 * console.log(server.url); // http://127.0.0.1:4010
 * await server.close();
 * ```
 */
export async function startMockPlatformServer(
  options: MockPlatformServerOptions = {},
): Promise<MockPlatformServer> {
  const { port = 0, host = '127.0.0.1' } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new MockPlatformError('port must be an integer between 0 and 65535', {
      code: 'INVALID_OPTION',
    });
  }
  const platform = options.platform ?? createMockPlatform();
  // A computed specifier: browser bundlers leave it alone, so the package entry stays
  // loadable in a browser; Node resolves it when the server starts.
  const { createServer } = (await import(
    /* @vite-ignore */ /* webpackIgnore: true */ NODE_HTTP
  )) as typeof import('node:http');
  let url = '';
  const server: Server = createServer((req, res) => {
    serve(req, res, { platform, origin: () => url, listenHost: host }).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error', details: {} }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (cause: NodeJS.ErrnoException) =>
      reject(
        new MockPlatformError(`cannot listen on ${host}:${port}: ${listenReason(cause)}`, {
          code: 'SERVER_START_FAILED',
          cause,
        }),
      ),
    );
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    url,
    port: actualPort,
    platform,
    close: () =>
      new Promise<void>((resolve, reject) => {
        platform.faults.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** What the operating system said, e.g. `EADDRINUSE (the port is in use; choose another)`. */
function listenReason(cause: NodeJS.ErrnoException): string {
  const hint =
    cause.code === 'EADDRINUSE'
      ? 'the port is in use; choose another'
      : cause.code === 'EACCES'
        ? 'not allowed to listen there; choose a port above 1023'
        : cause.code === 'EADDRNOTAVAIL'
          ? 'the host is not an address of this machine'
          : cause.message;
  return `${cause.code ?? 'error'} (${hint})`;
}
