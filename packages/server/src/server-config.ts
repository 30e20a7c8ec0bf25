import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import {
  absoluteUrl,
  invalid,
  nonNegative,
  optionalFunction,
  requiredString,
} from '@site-identity/http/internal';
import type { FetchLike } from '@site-identity/tokens';
import { memoryCoordinator, type SessionCoordinator } from './coordinator';
import { invalidArgument } from './server-identity-error';
import { checkSecrets, createSealer, type Sealer } from './sealer';
import type { ServerIdentityOptions } from './server-identity-types';

const DAY = 86_400;

/**
 * How long a member's sign-in lasts by default: 7 days from the sign-in, which no
 * renewal extends. It bounds what a copied session cookie can do when the platform
 * does not end its refresh token (docs/security.md): a week, well within the 30 days
 * after which OWASP ASVS (3.3.2, level 1) asks for a new sign-in, and the usual
 * length of a "remember me"; the platform's own hosted session can sign the member
 * back in without a password (`/login?prompt=none`).
 */
export const SESSION_MAX_AGE_SECONDS = 7 * DAY;

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

/** An absolute http(s) URL option, without its trailing slash. */
const baseUrl = (value: unknown, name: string): string =>
  absoluteUrl(value, name, invalidArgument).href.replace(/\/+$/, '');

/** The coordinator option, or the in-memory one; anything without the four methods is refused. */
function coordinatorOf(value: unknown, now: () => number): SessionCoordinator {
  const coordinator = (value ?? memoryCoordinator(now)) as SessionCoordinator;
  for (const method of ['read', 'claim', 'publish', 'release'] as const)
    if (typeof coordinator?.[method] !== 'function')
      throw invalid(
        {
          name: 'coordinator',
          expected: 'a SessionCoordinator (read, claim, publish, release)',
          value,
        },
        invalidArgument,
      );
  return coordinator;
}

/**
 * Checks the options of `createServerIdentity` in the order they are documented and
 * fills in the defaults; a bad option is an `INVALID_ARGUMENT` naming it. @internal
 */
export function serverConfig(options: ServerIdentityOptions): ServerConfig {
  const clientId = requiredString(options?.clientId, 'clientId', invalidArgument);
  const sealer = createSealer(checkSecrets(options.secret, options.secrets));
  const basePath = options.basePath ?? '/auth';
  if (typeof basePath !== 'string' || !/^(\/[\w.~-]+)+$/.test(basePath))
    throw invalid(
      { name: 'basePath', expected: 'a path such as "/auth" (no trailing slash)', value: basePath },
      invalidArgument,
    );
  const cookieName = options.cookieName ?? 'site-identity';
  if (typeof cookieName !== 'string' || !/^[\w-]+$/.test(cookieName))
    throw invalid(
      { name: 'cookieName', expected: 'letters, digits, "_" and "-"', value: cookieName },
      invalidArgument,
    );
  const apiBaseUrl = baseUrl(options.apiBaseUrl ?? DEFAULT_API_BASE_URL, 'apiBaseUrl');
  const tokenUrl = baseUrl(options.tokenUrl ?? `${apiBaseUrl}/oauth2/token`, 'tokenUrl');
  const fetch = optionalFunction(options.fetch, 'fetch', invalidArgument);
  const { sessionMaxAgeSeconds = SESSION_MAX_AGE_SECONDS, leewaySeconds = 60 } = options;
  if (!(Number.isInteger(sessionMaxAgeSeconds) && sessionMaxAgeSeconds > 0))
    throw invalid(
      {
        name: 'sessionMaxAgeSeconds',
        expected: 'a whole number of seconds above 0',
        value: sessionMaxAgeSeconds,
      },
      invalidArgument,
    );
  nonNegative(leewaySeconds, 'leewaySeconds', invalidArgument);
  // `null` is refused like any other non-function; only a left-out clock is Date.now.
  const now = optionalFunction(options.now, 'now', invalidArgument) ?? Date.now;
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
