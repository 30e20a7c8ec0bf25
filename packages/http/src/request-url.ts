import { invalid } from './checks';
import { invalidOptions } from './platform-error';

/**
 * The platform's API host, the production default of every `baseUrl` in this library.
 *
 * @example
 * ```ts
 * import { createHttpClient, DEFAULT_API_BASE_URL } from '@site-identity/http';
 *
 * const recovery = createHttpClient({ baseUrl: `${DEFAULT_API_BASE_URL}/_api/iam/recovery` });
 * ```
 */
export const DEFAULT_API_BASE_URL = 'https://www.wixapis.com';

/**
 * The platform's edge (CDN) host that `cdn: true` sends requests to.
 *
 * @example
 * ```ts
 * import { createHttpClient, EDGE_API_BASE_URL } from '@site-identity/http';
 *
 * const data = createHttpClient({ baseUrl: 'https://www.wixapis.com/my-app', cdn: true });
 * console.log(data.baseUrl === `${EDGE_API_BASE_URL}/my-app`); // true
 * ```
 */
export const EDGE_API_BASE_URL = 'https://edge.wixapis.com';

/**
 * Query parameters for a request. `undefined` values are left out; everything
 * else is sent as its string form.
 *
 * @example
 * ```ts
 * import type { SearchParams } from '@site-identity/http';
 *
 * const query: SearchParams = { postLogoutRedirectUri: 'https://example.com/', clientId: 'abc' };
 * ```
 */
export type SearchParams =
  Readonly<Record<string, string | number | boolean | undefined>> | URLSearchParams;

/**
 * The base every path is resolved against: `baseUrl` checked to be an absolute
 * http(s) URL, without its trailing slash; with `cdn`, the same path on
 * {@link EDGE_API_BASE_URL}.
 */
export function resolveBaseUrl(baseUrl: unknown, cdn: boolean): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl as string);
  } catch {
    // refused below
  }
  if (
    typeof baseUrl !== 'string' ||
    !url ||
    !/^https?:$/.test(url.protocol) ||
    url.search ||
    url.hash
  ) {
    throw invalid(
      {
        name: 'baseUrl',
        expected: 'an absolute http or https URL without query or fragment',
        value: baseUrl,
      },
      invalidOptions,
    );
  }
  return (cdn ? EDGE_API_BASE_URL : url.origin) + url.pathname.replace(/\/+$/, '');
}

/**
 * The URL of `path` under `base`, with `searchParams` appended. `path` must be
 * relative to the base (`/v2/login` or `v2/login`); an absolute URL is refused so
 * that the `Authorization` header can never travel to another host.
 */
export function resolveRequestUrl(base: string, path: unknown, searchParams?: SearchParams): URL {
  if (typeof path !== 'string' || /^[a-z][a-z\d+.-]*:|^[\\/]{2}/i.test(path)) {
    const shown = typeof path === 'string' ? 'an absolute URL' : typeof path;
    throw invalid(
      { name: 'path', expected: 'a path relative to baseUrl', value: path, shown },
      invalidOptions,
    );
  }
  // What follows `base` starts with `/`, `?` or `#` (or is empty), so the host of
  // `base` is the host of the request, whatever else `path` holds.
  const url = new URL(base + (/^([/?#]|$)/.test(path) ? path : `/${path}`));
  const entries =
    searchParams instanceof URLSearchParams
      ? [...searchParams]
      : Object.entries(searchParams ?? {});
  for (const [key, value] of entries) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url;
}
