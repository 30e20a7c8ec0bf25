import type { IncomingMessage } from 'node:http';

/** The servers whose origin mismatch was reported: once per server, forgotten with it. */
const reported = new WeakSet();

/** Whether this process runs in production (`NODE_ENV=production`), where nothing is reported. */
const inProduction = (): boolean =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
    'NODE_ENV'
  ] === 'production';

/**
 * The message for a request that reached this server at `host` while `origin` says
 * browsers reach it elsewhere: both values, what follows (the callback and every
 * redirect go to `origin`), and what to set. `undefined` when they agree (or the request
 * has no `Host`).
 */
export function originMismatch(origin: URL, host: string | undefined): string | undefined {
  if (!host || host.toLowerCase() === origin.host.toLowerCase()) return undefined;
  const seen = `${origin.protocol}//${host}`;
  return (
    `[@site-identity/server] toWebRequest: a request came to ${seen} (Host: ${host}), but origin is ${origin.origin}: ` +
    `the login callback and every redirect go to ${origin.origin}. Set toWebRequest's origin to how browsers reach this server ` +
    `(${seen} here), or to the public origin behind a proxy. Reported once per server, never in production.`
  );
}

/**
 * Reports once per server, in development, a request whose `Host` differs from the
 * configured origin (`warn`, default `console.warn`).
 */
export function reportOriginMismatch(
  req: IncomingMessage,
  origin: URL,
  warn: (message: string) => void = (message) => console.warn(message),
): void {
  if (inProduction()) return;
  const server = (req.socket as { server?: object } | undefined)?.server ?? req.socket;
  if (!server || reported.has(server)) return;
  const message = originMismatch(origin, req.headers.host);
  if (message === undefined) return;
  reported.add(server);
  warn(message);
}
