import { invalid } from '@site-identity/http/internal';
import { jsonAnswer, problem, redirectTo, wantsJson } from './answers';
import { callbackRoute, hostedLoginRoute } from './hosted-login-routes';
import { formLoginRoute } from './form-login-route';
import { crossOrigin, readFields, unreadable } from './form-post';
import type { RouteContext } from './route-context';
import { originOf, sameOriginPath } from './request-origin';
import { hasRefusedTarget } from './request-target';
import { invalidArgument, isServerIdentityError } from './server-identity-error';

type Route = (request: Request, ctx: RouteContext) => Promise<Response>;

const sessionRoute: Route = async (request, ctx) => {
  const { tokens, error, setCookies } = await ctx.resolve(request);
  const status = tokens?.refreshToken.role ?? 'none';
  if (error !== undefined || !tokens) {
    const retryable = isServerIdentityError(error) ? error.retryable : true;
    return jsonAnswer(
      { status, error: { code: (error as { code?: string })?.code ?? 'UNAVAILABLE', retryable } },
      503,
      setCookies,
    );
  }
  const { value, expiresAt } = tokens.accessToken;
  return jsonAnswer(
    ctx.exposeAccessToken ? { status, accessToken: { value, expiresAt } } : { status },
    200,
    setCookies,
  );
};

const logoutRoute: Route = async (request, ctx) => {
  const refused = crossOrigin(request, originOf(request));
  if (refused) return refused;
  const read = await readFields(request);
  if (!('fields' in read) && read.status === 413) return unreadable(request, read);
  const resolved = await ctx.resolve(request);
  const fields = 'fields' in read ? read.fields : {};
  const returnTo = sameOriginPath(fields.returnTo, resolved.origin) ?? '/';
  let logoutUrl: string | null = null;
  if (resolved.tokens?.refreshToken.role === 'member') {
    // The platform's part: its hosted session ends at the logout URL, and the refresh
    // token is spent, which on a rotating platform ends every copy of this cookie.
    const [clients] = await Promise.allSettled([
      ctx.clientsFor(resolved.tokens),
      ctx.retire(resolved.tokens),
    ]);
    try {
      if (clients.status === 'rejected') throw clients.reason;
      logoutUrl = await clients.value.redirects.logout({
        postLogoutRedirectUri: new URL(returnTo, resolved.origin).href,
      });
    } catch {
      // Signed out here all the same; the platform's hosted session may outlive it.
      logoutUrl = null;
    }
  }
  const cleared = await ctx.session.write(resolved.cookies, null, {
    path: '/',
    secure: resolved.secure,
  });
  if (wantsJson(request)) return jsonAnswer({ logoutUrl, returnTo }, 200, cleared);
  return redirectTo(logoutUrl ?? returnTo, cleared);
};

/**
 * The request handler of the routes under `basePath`; `null` for other paths, 405
 * for a route's path with another method. @internal
 */
export function routes(ctx: RouteContext): (request: Request) => Promise<Response | null> {
  const table: Record<string, Partial<Record<string, Route>>> = {
    '/login': { GET: hostedLoginRoute, POST: formLoginRoute },
    '/callback': { GET: callbackRoute },
    '/logout': { POST: logoutRoute },
    '/session': { GET: sessionRoute },
  };
  return async (request) => {
    if (
      typeof (request as Request | undefined)?.url !== 'string' ||
      !(request.headers instanceof Headers)
    )
      throw invalid({ name: 'request', expected: 'a Request', value: request }, invalidArgument);
    if (hasRefusedTarget(request))
      return problem(request, {
        status: 400,
        code: 'INVALID_REQUEST_TARGET',
        message: 'The request line must carry a path and query (origin-form), not a URL or //host',
      });
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${ctx.basePath}/`)) return null;
    const methods = table[pathname.slice(ctx.basePath.length)];
    if (!methods) return null;
    const route = methods[request.method.toUpperCase()];
    if (!route) {
      const answer = problem(request, {
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed here`,
      });
      answer.headers.set('allow', Object.keys(methods).join(', '));
      return answer;
    }
    return route(request, ctx);
  };
}
