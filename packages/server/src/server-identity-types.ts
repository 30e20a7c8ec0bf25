import type { FetchLike, SessionSnapshot } from '@site-identity/tokens';
import type { SessionCoordinator } from './coordinator';
import type { RequestLike } from './request-origin';

/**
 * Options of {@link createServerIdentity}.
 *
 * @example
 * ```ts
 * import type { ServerIdentityOptions } from '@site-identity/server';
 *
 * const options: ServerIdentityOptions = {
 *   clientId: 'my-client-id',
 *   secrets: [process.env.SESSION_SECRET!, process.env.PREVIOUS_SESSION_SECRET!],
 *   exposeAccessToken: true,
 * };
 * ```
 */
export interface ServerIdentityOptions {
  /** The site's OAuth client id. */
  readonly clientId: string;
  /** Encrypts and authenticates the cookies: a random string of at least 32 characters. */
  readonly secret?: string;
  /** Instead of `secret`, for rotation: the first seals, every one opens. */
  readonly secrets?: readonly string[];
  /** Where the routes live. Default `'/auth'`. */
  readonly basePath?: string;
  /**
   * The session cookie's name (chunks add `.0`, `.1`, …; login flows `.flow.<state>`).
   * Where cookies are `Secure` (everywhere but `http://localhost`) the session cookie is
   * `__Host-<cookieName>` and the flows `__Secure-<cookieName>.flow.<state>`. Default `'site-identity'`.
   */
  readonly cookieName?: string;
  /** The platform's API base. Default `https://www.wixapis.com`. */
  readonly apiBaseUrl?: string;
  /** The token endpoint. Default `<apiBaseUrl>/oauth2/token`. */
  readonly tokenUrl?: string;
  /** The `fetch` for every platform call. Default `globalThis.fetch`, looked up per request. */
  readonly fetch?: FetchLike;
  /** How instances agree on renewals. Default {@link memoryCoordinator} (one process). */
  readonly coordinator?: SessionCoordinator;
  /**
   * Browser-facing mode: `GET {basePath}/session` also answers a fresh access token
   * (never the refresh token), for `serverSessionSource` in the page. Default `false`.
   */
  readonly exposeAccessToken?: boolean;
  /**
   * How long a member's sign-in lasts, in seconds from the sign-in: renewals do not
   * extend it, so a copied cookie is good for this long at most (a visitor's cookie
   * lasts this long after its last renewal). Default 7 days (604 800).
   */
  readonly sessionMaxAgeSeconds?: number;
  /** An access token this close to expiry (seconds) is renewed. Default 60. */
  readonly leewaySeconds?: number;
  /** The clock in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * What {@link ServerIdentity.getSession} resolves with.
 *
 * - `snapshot`: `{ status, tokens: null }`, safe to hand to the page
 *   (`<IdentityProvider initialSession={snapshot}>`): it never holds a token.
 * - `accessToken`: a valid access token for the platform calls the server makes
 *   (`undefined` only when renewing failed; the session is kept and `error` says why).
 * - `expiresAt`: when `accessToken` expires, epoch seconds.
 * - `headers`: the `Set-Cookie` headers the framework must add to its answer (none
 *   when nothing changed).
 *
 * @example
 * ```ts
 * import type { ServerSession } from '@site-identity/server';
 *
 * const greet = ({ snapshot }: ServerSession) => (snapshot.status === 'member' ? 'Welcome back' : 'Hello');
 * ```
 */
export interface ServerSession {
  readonly snapshot: SessionSnapshot;
  readonly accessToken: string | undefined;
  readonly expiresAt: number | undefined;
  readonly headers: Headers;
  /** Why there is no access token: the platform or the coordinator failed (retryable errors keep the session). */
  readonly error?: unknown;
}

/**
 * The session on the server, made by {@link createServerIdentity}.
 *
 * @example
 * ```ts
 * import type { ServerIdentity } from '@site-identity/server';
 *
 * export const GET = async (request: Request, identity: ServerIdentity) =>
 *   (await identity.handle(request)) ?? new Response('Not found', { status: 404 });
 * ```
 */
export interface ServerIdentity {
  /**
   * Answers the routes under `basePath` — `GET /login`, `GET /callback`, `POST /login`,
   * `POST /logout`, `GET /session` — and `null` for any other path.
   */
  handle(request: Request): Promise<Response | null>;
  /** The session of `request`, renewed or minted as needed, with the cookies to set. Never rejects for a bad cookie. */
  getSession(request: RequestLike): Promise<ServerSession>;
}
