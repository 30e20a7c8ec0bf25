import { invalid } from '@site-identity/http/internal';
import { invalidArgument } from './server-identity-error';
import type { RequestLike } from './request-origin';
import type { ResolvedSession } from './resolve-session';
import type { ServerSession } from './server-identity-types';

/**
 * `getSession` over a session resolver: the snapshot (never a token), the access
 * token when the session is usable, and the `Set-Cookie` headers to add. @internal
 */
export function sessionGetter(
  resolve: (request: RequestLike) => Promise<ResolvedSession>,
): (request: RequestLike) => Promise<ServerSession> {
  return async (request) => {
    if (!(request?.headers instanceof Headers))
      throw invalid('request', 'a Request or { headers: Headers }', request, invalidArgument);
    const { tokens, error, setCookies } = await resolve(request);
    const headers = new Headers();
    for (const line of setCookies) headers.append('set-cookie', line);
    const valid = tokens && error === undefined ? tokens : undefined;
    return {
      snapshot: Object.freeze({ status: tokens?.refreshToken.role ?? 'none', tokens: null }),
      accessToken: valid?.accessToken.value,
      expiresAt: valid?.accessToken.expiresAt,
      headers,
      ...(error !== undefined && { error }),
    };
  };
}
