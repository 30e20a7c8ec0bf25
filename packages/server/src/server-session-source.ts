import {
  memoryStorage,
  webStorage,
  type FetchLike,
  type SessionSnapshot,
  type TokenStorage,
} from '@site-identity/tokens';

/**
 * The value that stands in for the refresh token in the browser, followed by the
 * role the page was rendered with: the real one stays in the server's cookie.
 *
 * @example
 * ```ts
 * import type { TokenManager } from '@site-identity/tokens';
 * import { SERVER_SESSION_PLACEHOLDER } from '@site-identity/server/browser';
 * declare const manager: TokenManager;
 *
 * const heldByServer = manager.getSnapshot().tokens?.refreshToken.value.startsWith(SERVER_SESSION_PLACEHOLDER);
 * ```
 */
export const SERVER_SESSION_PLACEHOLDER = 'server-session:';

/**
 * Options of {@link serverSessionSource}.
 *
 * @example
 * ```ts
 * import type { ServerSessionSourceOptions } from '@site-identity/server/browser';
 *
 * const options: ServerSessionSourceOptions = { basePath: '/auth', initialSession: { status: 'member' } };
 * ```
 */
export interface ServerSessionSourceOptions {
  /** Where the server's routes are (`basePath` of `createServerIdentity`). Default `'/auth'`. */
  readonly basePath?: string;
  /** The snapshot the server rendered with (`getSession(request).snapshot`): the session starts there. */
  readonly initialSession?: Pick<SessionSnapshot, 'status'> | null | undefined;
  /** The page's origin. Default `location.origin` (`http://localhost` where there is none, as in server rendering). */
  readonly origin?: string;
  /** The `fetch` for `/session` and for everything else the token manager's `fetch` carries. Default `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** Where tabs share the access token. Default `localStorage` (memory where there is none). */
  readonly storage?: Storage;
}

/**
 * The options {@link serverSessionSource} gives `createTokenManager`: spread them in.
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { serverSessionSource, type ServerSessionSource } from '@site-identity/server/browser';
 *
 * const source: ServerSessionSource = serverSessionSource({ initialSession: { status: 'visitor' } });
 * const manager = createTokenManager({ clientId: 'my-client-id', ...source });
 * ```
 */
export interface ServerSessionSource {
  readonly tokenUrl: string;
  readonly fetch: FetchLike;
  readonly storage: TokenStorage;
  readonly storageKey: string;
}

type Role = 'visitor' | 'member';
const isRole = (value: unknown): value is Role => value === 'visitor' || value === 'member';

const tokenAnswer = (status: number, body: object): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A token source for `createTokenManager` whose refresh token stays on the server:
 * every renewal is a `GET {basePath}/session` (with the page's cookie) that answers a
 * fresh access token, so the manager's single flight, cross-tab lock and sharing
 * work as they do with a refresh token, and no script on the page ever sees the
 * real one. The session starts as `initialSession` (the status the server
 * rendered), so the first client render agrees with the server's HTML.
 *
 * A session the server finds rejected comes back as visitor, which the manager
 * reports as `SESSION_EXPIRED`; a sign-in arrives with the navigation that every
 * login route ends with. The server must answer access tokens
 * (`createServerIdentity({ exposeAccessToken: true })`).
 *
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 * import { serverSessionSource } from '@site-identity/server/browser';
 *
 * const manager = createTokenManager({
 *   clientId: 'my-client-id',
 *   ...serverSessionSource({ basePath: '/auth', initialSession: { status: 'member' } }),
 * });
 * await manager.getAccessToken(); // GET /auth/session once, however many callers
 * ```
 */
export function serverSessionSource(options: ServerSessionSourceOptions = {}): ServerSessionSource {
  const basePath = (options.basePath ?? '/auth').replace(/\/+$/, '');
  const origin = options.origin ?? globalThis.location?.origin ?? 'http://localhost';
  const tokenUrl = `${origin}${basePath}/session`;
  const storageKey = `site-identity:server-session:${basePath}`;
  const send: FetchLike = (request) => (options.fetch ?? fetch)(request);
  let backing: Storage | undefined = options.storage;
  try {
    backing ??= globalThis.localStorage;
  } catch {
    // A sandboxed frame or blocked storage: memory.
  }
  const storage = backing ? webStorage(backing) : memoryStorage();

  const status = options.initialSession?.status;
  if (isRole(status)) {
    // Tokens another tab holds count when they are of the role the server rendered; else a
    // stand-in that is already expired, so the first call asks the server.
    let held: unknown;
    try {
      const raw = storage.getItem(storageKey);
      held =
        raw === null ? null : typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
    } catch {
      held = undefined;
    }
    if ((held as { refreshToken?: { role?: unknown } })?.refreshToken?.role !== status) {
      void storage.setItem(
        storageKey,
        JSON.stringify({
          accessToken: { value: 'expired', expiresAt: 0 },
          refreshToken: { value: SERVER_SESSION_PLACEHOLDER + status, role: status },
        }),
      );
    }
  }

  const fetchSession: FetchLike = async (request) => {
    if (request.url !== tokenUrl) return send(request);
    let grant: { grantType?: unknown; refreshToken?: unknown } = {};
    try {
      grant = Object(await request.json()) as typeof grant;
    } catch {
      // Not a grant body: treated as a request for visitor tokens.
    }
    const answer = await send(
      new Request(tokenUrl, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
        signal: request.signal,
      }),
    );
    // The server's failure is never the platform's rejection of a refresh token.
    if (!answer.ok)
      return new Response(answer.body, {
        status: answer.status === 400 || answer.status === 401 ? 502 : answer.status,
        statusText: answer.statusText,
      });
    const session = (await answer.json().catch(() => undefined)) as
      { status?: unknown; accessToken?: { value?: unknown; expiresAt?: unknown } } | undefined;
    const role = session?.status;
    const { value, expiresAt } = session?.accessToken ?? {};
    if (!isRole(role) || typeof value !== 'string' || typeof expiresAt !== 'number')
      return tokenAnswer(502, { message: `${basePath}/session answered no access token` });
    const held = typeof grant.refreshToken === 'string' ? grant.refreshToken : '';
    // The server has a visitor where the page held a member: the platform rejected the
    // member's refresh token, which the manager turns into SESSION_EXPIRED.
    if (grant.grantType === 'refresh_token' && held.endsWith(':member') && role !== 'member')
      return tokenAnswer(400, { error: 'invalid_grant' });
    return tokenAnswer(200, {
      access_token: value,
      refresh_token: SERVER_SESSION_PLACEHOLDER + role,
      expires_in: Math.max(0, Math.floor(expiresAt - Date.now() / 1000)),
    });
  };

  return { tokenUrl, fetch: fetchSession, storage, storageKey };
}
