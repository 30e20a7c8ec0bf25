import { createServer, type Server } from 'node:http';
import { createServerIdentity } from '@site-identity/server';
import { sendWebResponse, toWebRequest } from '@site-identity/server/node';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A site on node:http: the /auth routes, and a home page rendered with the session. */
export function createSite(options: {
  origin: string;
  platformUrl?: string;
  secret: string;
}): Server {
  const identity = createServerIdentity({
    clientId: 'node-example',
    secret: options.secret,
    ...(options.platformUrl && { apiBaseUrl: options.platformUrl }),
  });
  return createServer((req, res) => {
    void (async () => {
      const request = await toWebRequest(req, { origin: options.origin });
      const routed = await identity.handle(request);
      if (routed) return sendWebResponse(res, routed);
      const { snapshot, headers } = await identity.getSession(request);
      headers.set('content-type', 'text/html; charset=utf-8');
      const member = snapshot.status === 'member';
      const body = `<!doctype html><title>Node example</title><p id="status">${escape(snapshot.status)}</p>${
        member
          ? '<form method="post" action="/auth/logout"><button>Log out</button></form>'
          : '<a href="/auth/login?returnTo=/">Sign in</a>'
      }`;
      return sendWebResponse(res, new Response(body, { status: 200, headers }));
    })().catch(() => {
      res.writeHead(500).end('Internal error');
    });
  });
}
