import { isExpired, type Tokens } from '@site-identity/tokens';
import { parseCookies } from './cookies';
import type { RenewalOutcome } from './renewal';
import { isSecure, originOf, type RequestLike } from './request-origin';
import type { SessionCookie } from './session-cookie';

/** What resolving a request's session found; the routes and `getSession` build on it. @internal */
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
  /** The `Set-Cookie` values that store tokens renewed later in the request, by the same rules. */
  readonly store: (renewed: Tokens) => Promise<string[]>;
}

/**
 * Resolves the session of a request: the session cookie's tokens, visitor tokens
 * minted when there are none, renewed when they are (about to be) expired, and the
 * `Set-Cookie` values when anything changed. A failure keeps the tokens it had and
 * is reported as `error`, never thrown. @internal
 */
export function sessionResolver(options: {
  readonly session: SessionCookie;
  readonly visitorTokens: () => Promise<Tokens>;
  readonly renew: (tokens: Tokens) => Promise<RenewalOutcome>;
  readonly now: () => number;
  readonly leewaySeconds: number;
}): (request: RequestLike) => Promise<ResolvedSession> {
  const { session, visitorTokens, renew, now, leewaySeconds } = options;
  return async (request) => {
    const cookies = parseCookies(request.headers.get('cookie'));
    const origin = originOf(request);
    const secure = isSecure(origin);
    const read = await session.read(cookies, secure);
    let tokens = read.tokens;
    let error: unknown;
    try {
      if (!tokens) tokens = await visitorTokens();
      else if (isExpired(tokens, now(), leewaySeconds)) tokens = (await renew(tokens)).tokens;
    } catch (failure) {
      error = failure;
    }
    const changed = read.rewrite || tokens !== read.tokens;
    // A member's renewal keeps the sign-in's end: using a session never makes it last longer.
    const until =
      tokens?.refreshToken.role === 'member' && read.tokens?.refreshToken.role === 'member'
        ? read.until
        : undefined;
    const store = (renewed: Tokens | null) =>
      session.write(cookies, renewed, { path: '/', secure, until });
    const setCookies = changed ? await store(tokens) : [];
    return {
      cookies,
      origin,
      secure,
      tokens,
      setCookies,
      store,
      ...(error !== undefined && { error }),
    };
  };
}
