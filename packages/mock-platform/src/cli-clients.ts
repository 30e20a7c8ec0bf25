import type { MockClient } from './options';

/**
 * A client as the command line builds it, flag by flag.
 *
 * @example
 * ```ts
 * const clients: CliClient[] = [];
 * addClientFlag(clients, '--client', 'my-app');
 * ```
 */
export interface CliClient {
  clientId: string;
  redirectUris: string[];
  allowedOrigins?: string[];
}

/** The flags of a client on the command line. */
export const CLIENT_FLAGS: readonly string[] = ['--client', '--redirect-uri', '--allowed-origin'];

/** `value` parsed when it is an absolute http(s) URL. */
function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies one client flag: `--client <clientId>` starts a client, `--redirect-uri <url>`
 * and `--allowed-origin <origin>` (repeatable) add to the last one. Returns the problem
 * with the flag, naming it and what came, or `undefined`.
 *
 * @example
 * ```ts
 * addClientFlag([], '--redirect-uri', 'http://localhost:5173/callback'); // '--redirect-uri belongs to a client: …'
 * ```
 */
export function addClientFlag(
  clients: CliClient[],
  flag: string,
  value: string,
): string | undefined {
  if (flag === '--client') {
    if (value.trim() === '') return '--client needs a client id';
    clients.push({ clientId: value, redirectUris: [] });
    return undefined;
  }
  const client = clients.at(-1);
  if (client === undefined) return `${flag} belongs to a client: give --client <clientId> first`;
  const url = httpUrl(value);
  if (url === undefined)
    return `${flag} must be an absolute http(s) URL, got ${JSON.stringify(value)}`;
  if (flag === '--redirect-uri') {
    client.redirectUris.push(value);
    return undefined;
  }
  if (value.replace(/\/$/, '') !== url.origin)
    return `--allowed-origin must be an origin (scheme, host and port only), got ${JSON.stringify(value)}`;
  (client.allowedOrigins ??= []).push(url.origin);
  return undefined;
}

/**
 * What the platform checks, said at start: lenient unless clients were given, and
 * whether the site is published.
 *
 * @example
 * ```ts
 * strictnessNote([], true); // 'Lenient: any client id, …'
 * ```
 */
export function strictnessNote(clients: readonly MockClient[], published: boolean): string {
  const site = published ? '' : ' The site is not published: every call is refused (403).';
  if (clients.length === 0)
    return `Lenient: any client id, any https (or loopback http) redirect URI and any origin are accepted; the platform accepts only its apps' own. Pass --client <clientId> --redirect-uri <url> --allowed-origin <origin> to check them as it does.${site}`;
  const described = clients.map((client) => {
    const origins =
      client.allowedOrigins ?? client.redirectUris.map((uri) => httpUrl(uri)?.origin ?? uri);
    return `${client.clientId} (redirect URIs: ${client.redirectUris.join(', ') || 'none'}; allowed domains: ${origins.join(', ') || 'none'})`;
  });
  return `Strict: only these clients are accepted: ${described.join('; ')}.${site}`;
}
