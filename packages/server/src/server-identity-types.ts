import type { CurrentMember } from '@site-identity/member-auth/current-member';
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
 * What `getSession` of {@link ServerIdentity} resolves with.
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
  /**
   * With `{ member: true }`: the member of the session as the members API answers it
   * (`getCurrentMember` of `@site-identity/member-auth/current-member`), `null` for a
   * visitor or when it could not be read (`memberError` says why). Absent otherwise.
   */
  readonly member?: CurrentMember | null;
  /** Why `member` is `null` for a member's session: the members API or the network failed. */
  readonly memberError?: unknown;
}

/**
 * What `getSession` of {@link ServerIdentity} resolves with when asked for the member.
 *
 * @example
 * ```ts
 * import type { ServerSessionWithMember } from '@site-identity/server';
 *
 * const greeting = ({ member }: ServerSessionWithMember) =>
 *   member ? `Welcome, ${member.contact.firstName ?? member.loginEmail}` : 'Welcome';
 * ```
 */
export interface ServerSessionWithMember extends ServerSession {
  /** The member of the session; `null` for a visitor or when it could not be read (`memberError`). */
  readonly member: CurrentMember | null;
}

/**
 * Options of `getSession` of {@link ServerIdentity}.
 *
 * @example
 * ```ts
 * import type { GetSessionOptions } from '@site-identity/server';
 *
 * const afterProfileChange: GetSessionOptions = { member: { refresh: true } };
 * ```
 */
export interface GetSessionOptions {
  /**
   * Also read the session's member through the platform's members API (the request
   * `@wix/members`' `members.getCurrentMember()` sends). A visitor's session makes no
   * request. Concurrent requests of one session share one read, and its member answers
   * that session's requests for a minute (keyed by the access token, so a new sign-in or
   * a renewal reads afresh); `{ refresh: true }` reads it again, after the member changed
   * their profile. Default `false`.
   */
  readonly member?: boolean | { readonly refresh?: boolean } | undefined;
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
  /**
   * The session of `request`, renewed or minted as needed, with the cookies to set, and
   * with `{ member: true }` the member (see {@link GetSessionOptions}). Never rejects for
   * a bad cookie or a members API failure.
   */
  getSession(
    request: RequestLike,
    options: GetSessionOptions & { readonly member: true | { readonly refresh?: boolean } },
  ): Promise<ServerSessionWithMember>;
  /** The session of `request`, renewed or minted as needed, with the cookies to set; `member` only when asked. */
  getSession(request: RequestLike, options?: GetSessionOptions): Promise<ServerSession>;
}
