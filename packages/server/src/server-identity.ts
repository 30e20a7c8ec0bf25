import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import { createMemberAuth } from '@site-identity/member-auth';
import { createRedirects } from '@site-identity/redirects';
import {
  createTokenEndpoint,
  createTokenManager,
  isExpired,
  memoryStorage,
  type Tokens,
} from '@site-identity/tokens';
import { memoryCoordinator } from './coordinator';
import { parseCookies } from './cookies';
import { flowCookie } from './flow-cookie';
import { createRenewal, type RenewalOutcome } from './renewal';
import { isSecure, originOf, type RequestLike } from './request-origin';
import { routes } from './routes';
import { checkSecrets, createSealer } from './sealer';
import { invalid } from './server-identity-error';
import type { ServerIdentity, ServerIdentityOptions, ServerSession } from './server-identity-types';
import { sessionCookie } from './session-cookie';

const DAY = 86_400;

/** What resolving a request's session found; the routes build on it. @internal */
export interface ResolvedSession {
  readonly cookies: Map<string, string>;
  readonly origin: URL;
  readonly secure: boolean;
  /** The session's tokens after minting or renewal; the old ones when renewal failed; `null` when none could be had. */
  readonly tokens: Tokens | null;
  /** The renewal or minting failure, when there was one. */
  readonly error?: unknown;
  /** The `Set-Cookie` values that store `tokens` (none when the cookie already holds them). */
  readonly setCookies: string[];
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

/**
 * Creates the session of a site on a server, on Web `Request`/`Response` (Next.js
 * route handlers and proxy, Astro, Remix, Hono, `node:http` through an adapter):
 *
 * - `handle(request)` answers `GET /login` (hosted login: PKCE flow in a short-lived
 *   cookie; query `returnTo`, `prompt`, `idp`), `GET /callback` (state check, code
 *   exchange, session cookie, redirect to a same-origin `returnTo` only), `POST /login`
 *   (form post of `email` and `password`, finished by a top-level redirect with the
 *   session token; every other `LoginResult` state redirects to the failure page with
 *   `loginState` and `errorCode`, or answers JSON for `Accept: application/json`),
 *   `POST /logout` (clears the session, redirects to the platform's logout URL) and
 *   `GET /session` (the snapshot as JSON; with `exposeAccessToken`, a fresh access
 *   token too — never the refresh token). Any other path: `null`.
 * - `getSession(request)`: the snapshot, a valid access token for server-side calls
 *   (visitor tokens minted for a new visitor) and the `Set-Cookie` headers to add.
 *
 * The cookie is `HttpOnly`, `SameSite=Lax`, `Path=/`, `Secure` except on
 * `http://localhost`, AES-256-GCM sealed with `secret` (or the first of `secrets`),
 * chunked past 4 kB. A tampered, expired or undecryptable cookie is a visitor.
 * Renewal follows the token engine's rules — a member is lost only when the platform
 * rejects the refresh token — once per session in this process, and once across
 * instances through `coordinator`.
 *
 * @throws {@link ServerIdentityError} `INVALID_ARGUMENT` for a bad option.
 *
 * @example
 * ```ts
 * import { createServerIdentity } from '@site-identity/server';
 *
 * const identity = createServerIdentity({ clientId: 'my-client-id', secret: process.env.SESSION_SECRET! });
 *
 * // A route handler for /auth/*:
 * export const GET = async (request: Request) =>
 *   (await identity.handle(request)) ?? new Response('Not found', { status: 404 });
 * // Server rendering, with the request at hand:
 * declare const request: Request;
 * const { snapshot, accessToken, headers } = await identity.getSession(request);
 * ```
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1 RFC 6265 §4.1 (Set-Cookie)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 RFC 9700 §4.14.2 (refresh token rotation)
 */
export function createServerIdentity(options: ServerIdentityOptions): ServerIdentity {
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
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw invalid('fetch', 'a function', options.fetch);
  const { sessionMaxAgeSeconds = 30 * DAY, leewaySeconds = 60, now = Date.now } = options;
  if (!(Number.isInteger(sessionMaxAgeSeconds) && sessionMaxAgeSeconds > 0))
    throw invalid(
      'sessionMaxAgeSeconds',
      'a whole number of seconds above 0',
      sessionMaxAgeSeconds,
    );
  if (!(typeof leewaySeconds === 'number' && leewaySeconds >= 0))
    throw invalid('leewaySeconds', 'a number of seconds, 0 or more', leewaySeconds);
  if (typeof now !== 'function') throw invalid('now', 'a function', now);
  const coordinator = options.coordinator ?? memoryCoordinator(now);
  for (const method of ['read', 'claim', 'publish', 'release'] as const)
    if (typeof coordinator?.[method] !== 'function')
      throw invalid(
        'coordinator',
        'a SessionCoordinator (read, claim, publish, release)',
        coordinator,
      );
  const fetch = options.fetch;
  const platform = { clientId, tokenUrl, now, leewaySeconds, ...(fetch && { fetch }) };

  const session = sessionCookie({
    name: cookieName,
    sealer,
    maxAgeSeconds: sessionMaxAgeSeconds,
    now,
  });
  const flows = flowCookie({ name: cookieName, path: basePath, sealer, now });

  /** A token manager for one request: memory only, no tabs; it applies the engine's rules. */
  const manager = () =>
    createTokenManager({
      ...platform,
      storage: memoryStorage(),
      crossTab: false,
      onError: () => undefined,
    });

  async function renewWithEngine(tokens: Tokens): Promise<RenewalOutcome> {
    const tokensManager = manager();
    let expired = false;
    tokensManager.subscribe((_, event) => {
      if (event === 'SESSION_EXPIRED') expired = true;
    });
    try {
      await tokensManager.setTokens(tokens);
      return { tokens: await tokensManager.refresh(), expired };
    } finally {
      tokensManager.dispose();
    }
  }

  const renew = createRenewal({
    coordinator,
    sealer,
    renew: renewWithEngine,
    now,
    timing: { claimMs: 15_000, resultMs: 60_000, waitMs: 17_000, pollMs: 25 },
  });

  async function resolve(request: RequestLike): Promise<ResolvedSession> {
    const cookies = parseCookies(request.headers.get('cookie'));
    const origin = originOf(request);
    const secure = isSecure(origin);
    const read = await session.read(cookies);
    let tokens = read.tokens;
    let error: unknown;
    try {
      if (!tokens) tokens = await manager().getTokens();
      else if (isExpired(tokens, now(), leewaySeconds)) tokens = (await renew(tokens)).tokens;
    } catch (failure) {
      error = failure;
    }
    const changed = read.rewrite || tokens !== read.tokens;
    const setCookies = changed ? await session.write(cookies, tokens, { path: '/', secure }) : [];
    return { cookies, origin, secure, tokens, setCookies, ...(error !== undefined && { error }) };
  }

  /** The platform clients of one request, acting for `tokens`. */
  async function clientsFor(tokens: Tokens) {
    const tokensManager = manager();
    await tokensManager.setTokens(tokens);
    const redirects = createRedirects({
      clientId,
      tokens: tokensManager,
      apiBaseUrl,
      ...(fetch && { fetch }),
    });
    const memberAuth = () =>
      createMemberAuth({
        clientId,
        tokens: tokensManager,
        redirects,
        apiBaseUrl,
        ...(fetch && { fetch }),
      });
    return { redirects, memberAuth };
  }

  const endpoint = createTokenEndpoint(platform);

  async function getSession(request: RequestLike): Promise<ServerSession> {
    if (!(request?.headers instanceof Headers))
      throw invalid('request', 'a Request or { headers: Headers }', request);
    const resolved = await resolve(request);
    const { tokens, error } = resolved;
    const headers = new Headers();
    for (const line of resolved.setCookies) headers.append('set-cookie', line);
    const valid = tokens && error === undefined ? tokens : undefined;
    return {
      snapshot: Object.freeze({ status: tokens?.refreshToken.role ?? 'none', tokens: null }),
      accessToken: valid?.accessToken.value,
      expiresAt: valid?.accessToken.expiresAt,
      headers,
      ...(error !== undefined && { error }),
    };
  }

  const handle = routes({
    clientId,
    basePath,
    exposeAccessToken: options.exposeAccessToken === true,
    resolve,
    clientsFor,
    exchangeCode: (request) => endpoint.exchangeCode(request),
    session,
    flows,
  });

  return { handle, getSession };
}
