import { http, HttpResponse, type RequestHandler } from 'msw';
import { corsHeaders } from './cors';
import type { PlatformOutcome } from './platform';
import type { ResolvedOptions } from './options';

/**
 * MSW handlers that hand every request to the platform's base URL, CDN host, token URL
 * and hosted base URL to `platform.handle()`. A 'network', 'lost' or 'timeout' fault becomes
 * `HttpResponse.error()`, a network error for the client. They answer CORS as the
 * server does, for any origin (a DOM environment whose `fetch` enforces CORS sends
 * preflights). Made with the `msw` the project installs (a peer dependency, 2.8+ or 3),
 * so they belong to the project's `setupServer`.
 *
 * @example
 * ```ts
 * setupServer(...createMswHandlers(platform));
 * ```
 */
export function createMswHandlers(platform: {
  handle(request: Request): Promise<PlatformOutcome>;
  readonly options: ResolvedOptions;
}): RequestHandler[] {
  const resolver = async ({ request }: { request: Request }): Promise<Response> => {
    const origin = request.headers.get('origin') ?? undefined;
    // The platform has no OPTIONS route: every OPTIONS is a CORS preflight.
    if (request.method === 'OPTIONS') {
      const requestHeaders = request.headers.get('access-control-request-headers') ?? undefined;
      return new Response(null, {
        status: 204,
        headers: corsHeaders(origin, { preflight: true, requestHeaders, anyOrigin: true }),
      });
    }
    const outcome = await platform.handle(request);
    if (outcome.type !== 'response') return HttpResponse.error();
    const { response } = outcome;
    for (const [name, value] of Object.entries(
      corsHeaders(origin, { preflight: false, anyOrigin: true }),
    ))
      response.headers.set(name, value);
    return response;
  };
  const { baseUrl, edgeBaseUrl, tokenUrl, hostedBaseUrl } = platform.options;
  const bases = [
    ...new Set(
      [baseUrl, edgeBaseUrl, hostedBaseUrl].filter((base): base is string => base !== undefined),
    ),
  ];
  const handlers: RequestHandler[] = bases.map((base) => http.all(`${base}/*`, resolver));
  if (!bases.some((base) => tokenUrl.startsWith(`${base}/`)))
    handlers.unshift(http.all(tokenUrl, resolver));
  return handlers;
}
