import { invalid } from '@site-identity/http/internal';
import { jsonAnswer, problem, redirectTo, wantsJson } from './answers';
import { callbackRoute, hostedLoginRoute } from './hosted-login-routes';
import { formLoginRoute } from './form-login-route';
import { crossOrigin, readFields } from './form-post';
import type { RouteContext } from './route-context';
import { sameOriginPath } from './request-origin';
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
  const resolved = await ctx.resolve(request);
  const refused = crossOrigin(request, resolved.origin);
  if (refused) return refused;
  const fields = (await readFields(request)) ?? {};
  const returnTo = sameOriginPath(fields.returnTo, resolved.origin) ?? '/';
  let logoutUrl: string | null = null;
  if (resolved.tokens?.refreshToken.role === 'member') {
    try {
      const { redirects } = await ctx.clientsFor(resolved.tokens);
      logoutUrl = await redirects.logout({
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
      throw invalid('request', 'a Request', request, invalidArgument);
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${ctx.basePath}/`)) return null;
    const methods = table[pathname.slice(ctx.basePath.length)];
    if (!methods) return null;
    const route = methods[request.method.toUpperCase()];
    if (!route) {
      const answer = problem(
        request,
        405,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed here`,
      );
      answer.headers.set('allow', Object.keys(methods).join(', '));
      return answer;
    }
    return route(request, ctx);
  };
}
