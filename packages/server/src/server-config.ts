import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import type { FetchLike } from '@site-identity/tokens';
import { memoryCoordinator, type SessionCoordinator } from './coordinator';
import { checkSecrets, createSealer, type Sealer } from './sealer';
import { invalid } from './server-identity-error';
import type { ServerIdentityOptions } from './server-identity-types';

const DAY = 86_400;

/** The options of `createServerIdentity`, checked, with their defaults. @internal */
export interface ServerConfig {
  readonly clientId: string;
  readonly sealer: Sealer;
  readonly basePath: string;
  readonly cookieName: string;
  readonly apiBaseUrl: string;
  readonly tokenUrl: string;
  readonly fetch: FetchLike | undefined;
  readonly coordinator: SessionCoordinator;
  readonly exposeAccessToken: boolean;
  readonly sessionMaxAgeSeconds: number;
  readonly leewaySeconds: number;
  readonly now: () => number;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || !value) throw invalid(name, 'a non-empty string', value);
  return value;
}

function absoluteHttpUrl(value: unknown, name: string): string {
  if (typeof value === 'string' && /^https?:\/\/[^/?#]/i.test(value))
    return value.replace(/\/+$/, '');
  throw invalid(name, 'an absolute http(s) URL', value);
}

/** The coordinator option, or the in-memory one; anything without the four methods is refused. */
function coordinatorOf(value: unknown, now: () => number): SessionCoordinator {
  const coordinator = (value ?? memoryCoordinator(now)) as SessionCoordinator;
  for (const method of ['read', 'claim', 'publish', 'release'] as const)
    if (typeof coordinator?.[method] !== 'function')
      throw invalid('coordinator', 'a SessionCoordinator (read, claim, publish, release)', value);
  return coordinator;
}

/**
 * Checks the options of `createServerIdentity` in the order they are documented and
 * fills in the defaults; a bad option is an `INVALID_ARGUMENT` naming it. @internal
 */
export function serverConfig(options: ServerIdentityOptions): ServerConfig {
  const clientId = text(options?.clientId, 'clientId');
  const sealer = createSealer(checkSecrets(options.secret, options.secrets));
  const basePath = options.basePath ?? '/auth';
  if (typeof basePath !== 'string' || !/^(\/[\w.~-]+)+$/.test(basePath))
    throw invalid('basePath', 'a path such as "/auth" (no trailing slash)', basePath);
  const cookieName = options.cookieName ?? 'site-identity';
  if (typeof cookieName !== 'string' || !/^[\w-]+$/.test(cookieName))
    throw invalid('cookieName', 'letters, digits, "_" and "-"', cookieName);
  const apiBaseUrl = absoluteHttpUrl(options.apiBaseUrl ?? DEFAULT_API_BASE_URL, 'apiBaseUrl');
  const tokenUrl = absoluteHttpUrl(options.tokenUrl ?? `${apiBaseUrl}/oauth2/token`, 'tokenUrl');
  const { fetch, sessionMaxAgeSeconds = 30 * DAY, leewaySeconds = 60, now = Date.now } = options;
  if (fetch !== undefined && typeof fetch !== 'function')
    throw invalid('fetch', 'a function', fetch);
  if (!(Number.isInteger(sessionMaxAgeSeconds) && sessionMaxAgeSeconds > 0))
    throw invalid(
      'sessionMaxAgeSeconds',
      'a whole number of seconds above 0',
      sessionMaxAgeSeconds,
    );
  if (!(typeof leewaySeconds === 'number' && leewaySeconds >= 0))
    throw invalid('leewaySeconds', 'a number of seconds, 0 or more', leewaySeconds);
  if (typeof now !== 'function') throw invalid('now', 'a function', now);
  return {
    clientId,
    sealer,
    basePath,
    cookieName,
    apiBaseUrl,
    tokenUrl,
    fetch,
    coordinator: coordinatorOf(options.coordinator, now),
    exposeAccessToken: options.exposeAccessToken === true,
    sessionMaxAgeSeconds,
    leewaySeconds,
    now,
  };
}
