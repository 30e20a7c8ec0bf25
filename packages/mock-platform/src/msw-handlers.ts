import { http, HttpResponse, type RequestHandler } from 'msw';
import type { PlatformOutcome } from './platform';
import type { ResolvedOptions } from './options';

/**
 * MSW handlers that hand every request to the platform's base URL, token URL and
 * hosted base URL to `platform.handle()`. A 'network' or 'timeout' fault becomes
 * `HttpResponse.error()`, a network error for the client.
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
    const outcome = await platform.handle(request);
    return outcome.type === 'response' ? outcome.response : HttpResponse.error();
  };
  const { baseUrl, tokenUrl, hostedBaseUrl } = platform.options;
  const bases = [
    ...new Set([baseUrl, hostedBaseUrl].filter((base): base is string => base !== undefined)),
  ];
  const handlers: RequestHandler[] = bases.map((base) => http.all(`${base}/*`, resolver));
  if (!bases.some((base) => tokenUrl.startsWith(`${base}/`)))
    handlers.unshift(http.all(tokenUrl, resolver));
  return handlers;
}
