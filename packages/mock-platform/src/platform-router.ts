import type { PlatformRequest, RouteContext } from './context';
import type { ResolvedOptions } from './options';
import { applicationError, bareError, html, oauthError } from './responses';
import { escapeHtml, page } from './html';
import { findRoute } from './router';
import { tokenRoute } from './routes/token';
import type { PlatformState } from './state';

/**
 * What {@link createPlatformRouter} routes for. @internal
 *
 * @example
 * ```ts
 * const routing: PlatformRouterOptions = { state, options, tokenPath: '/oauth2/token', basePath: '' };
 * ```
 */
export interface PlatformRouterOptions {
  /** The emulator's state, which the routes read and change. */
  readonly state: PlatformState;
  /** The emulator's options, resolved. */
  readonly options: ResolvedOptions;
  /** The token endpoint's path. */
  readonly tokenPath: string;
  /** The API base's path, without a trailing slash (`''` at the host's root). */
  readonly basePath: string;
}

/** What the router found out about a request before its handler runs. */
interface Routed {
  /** The caller's access token, when the request carried a valid one. */
  readonly caller?: RouteContext['caller'];
  /** Regex groups of the matched route. */
  readonly params: readonly string[];
}

/**
 * The emulator's router: the token endpoint, then the routes of the services and the
 * hosted pages, with the caller's access token checked against the route's access
 * (401 for an unknown token or none where one is needed, 403 for a visitor on a
 * member's route). @internal
 *
 * @example
 * ```ts
 * const route = createPlatformRouter({ state, options, tokenPath: '/oauth2/token', basePath: '' });
 * const response = await route({ request, url, path: url.pathname, rawBody: '' });
 * ```
 */
export function createPlatformRouter({
  state,
  options,
  tokenPath,
  basePath,
}: PlatformRouterOptions): (incoming: PlatformRequest) => Promise<Response> {
  const context = (
    { request, url, path, rawBody }: PlatformRequest,
    { caller, params }: Routed,
  ): RouteContext => ({
    request,
    url,
    path,
    rawBody,
    state,
    options,
    caller,
    params,
    hostedBaseUrl: options.hostedBaseUrl ?? `${url.origin}${basePath}`,
    now: options.now,
  });

  return async (incoming) => {
    const { request, url, path } = incoming;
    if (!state.settings.published) return unpublished(url, path, tokenPath);
    if (path === tokenPath || url.pathname === tokenPath) {
      if (request.method !== 'POST') return bareError(405, 'Method Not Allowed', { allow: 'POST' });
      return tokenRoute(context(incoming, { params: [] }));
    }
    const match = findRoute(request.method, path);
    if (match.kind === 'none') return bareError(404, `No route for ${request.method} ${path}`);
    if (match.kind === 'wrong-method')
      return bareError(405, 'Method Not Allowed', { allow: match.allowed.join(', ') });
    const authorization = request.headers.get('authorization');
    // `<accessToken>,<apiKey>` (sign-on with an app's key): the access token identifies the caller.
    const accessToken = authorization?.split(',', 1)[0]?.trim();
    const caller = accessToken ? state.tokens.authenticate(accessToken) : undefined;
    if (authorization && caller === undefined && !path.startsWith('/_hosted/')) {
      return applicationError(401, 'UNAUTHENTICATED', 'Unknown or expired access token');
    }
    if (match.route.access !== 'public' && caller === undefined) {
      return applicationError(401, 'UNAUTHENTICATED', 'An access token is required');
    }
    if (match.route.access === 'member' && caller?.role !== 'member') {
      return applicationError(403, 'PERMISSION_DENIED', 'A member access token is required');
    }
    return match.route.handler(context(incoming, { caller, params: match.params }));
  };
}

/** What the platform says about a site that is not published. */
const NOT_PUBLISHED = 'The site is not published: publish it, then try again';

/**
 * The answer of an unpublished site (`published: false`): the token endpoint 403
 * `unauthorized_client`, a hosted page a 403 error page (which posts nothing to a
 * frame or a popup), any other call 403 `SITE_NOT_PUBLISHED`.
 */
function unpublished(url: URL, path: string, tokenPath: string): Response {
  if (path === tokenPath || url.pathname === tokenPath)
    return oauthError(403, 'unauthorized_client', 'the site is not published');
  if (path.startsWith('/_hosted/'))
    return html(
      page('Site not published', `<p class="error" role="alert">${escapeHtml(NOT_PUBLISHED)}</p>`),
      403,
    );
  return applicationError(403, 'SITE_NOT_PUBLISHED', NOT_PUBLISHED);
}
