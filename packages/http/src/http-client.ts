import ky from 'ky';
import { readResponse } from './error-from-response';
import { PlatformError } from './platform-error';
import {
  invalidOptions,
  resolveBaseUrl,
  resolveRequestUrl,
  type SearchParams,
} from './request-url';
import {
  DEFAULT_RETRY,
  retryDelay,
  type ResolvedRetryPolicy,
  type RetryPolicy,
} from './retry-policy';
import { wrap } from './to-platform-error';

/**
 * The time-out of every try of a request unless `timeoutMs` says otherwise: 10 seconds.
 *
 * @example
 * ```ts
 * import { createHttpClient, DEFAULT_TIMEOUT_MS } from '@site-identity/http';
 *
 * const patient = createHttpClient({ baseUrl: 'https://www.wixapis.com', timeoutMs: 3 * DEFAULT_TIMEOUT_MS });
 * ```
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Supplies the `Authorization` header, once per call: the raw access token (no
 * `Bearer` prefix), or `undefined` to send none.
 *
 * @example
 * ```ts
 * import type { AuthorizationSource } from '@site-identity/http';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 *
 * const getAuthorization: AuthorizationSource = () => manager.getAccessToken();
 * ```
 */
export type AuthorizationSource = () => string | undefined | Promise<string | undefined>;

/**
 * The HTTP methods a client sends. GET, PUT and DELETE are idempotent and retried
 * by default; POST and PATCH only when a call is marked `{ retry: true }`.
 *
 * @example
 * ```ts
 * import type { HttpMethod } from '@site-identity/http';
 *
 * const method: HttpMethod = 'POST';
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Options of {@link createHttpClient}.
 *
 * @example
 * ```ts
 * import { createHttpClient, type HttpClientOptions } from '@site-identity/http';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 *
 * const options: HttpClientOptions = {
 *   baseUrl: 'https://www.wixapis.com/_api/iam/authentication',
 *   getAuthorization: () => manager.getAccessToken(),
 *   timeoutMs: 5000,
 * };
 * const client = createHttpClient(options);
 * ```
 */
export interface HttpClientOptions {
  /** Absolute http(s) URL every path is resolved under, e.g. `https://www.wixapis.com/_api/iam/authentication`. */
  readonly baseUrl: string;
  /** The `fetch` to use; defaults to `globalThis.fetch`, looked up per request. */
  readonly fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /** Supplies the raw `Authorization` value per call. A call's own `authorization` header wins. */
  readonly getAuthorization?: AuthorizationSource;
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Time-out of each try, in milliseconds. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** How safe requests are retried, or `false` for never. Default `{ limit: 2, baseDelayMs: 300, maxDelayMs: 10000 }`. */
  readonly retry?: RetryPolicy | false;
  /**
   * Send every request to the platform's edge host, {@link EDGE_API_BASE_URL},
   * keeping the path of `baseUrl` (`https://www.wixapis.com/my-app/v1` becomes
   * `https://edge.wixapis.com/my-app/v1`). Meant for an app's own data calls made
   * with tokens that are served through the CDN; never for the token endpoint or
   * the identity services. Default `false`.
   */
  readonly cdn?: boolean;
}

/**
 * Options of one call.
 *
 * @example
 * ```ts
 * import type { RequestOptions, HttpClient } from '@site-identity/http';
 * declare const client: HttpClient;
 *
 * const options: RequestOptions = { searchParams: { clientId: 'abc' }, timeoutMs: 3000 };
 * const body = await client.get('/v1/logout', options);
 * ```
 */
export interface RequestOptions {
  /** Query parameters appended to the URL; `undefined` values are left out. */
  readonly searchParams?: SearchParams;
  /** Headers for this call, over the client's. An `authorization` header here skips `getAuthorization`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether the call is safe to repeat. Default `true` for GET, PUT and DELETE, `false` for POST and PATCH. */
  readonly retry?: boolean;
  /** Cancels the call, retries and waits included; the call rejects with kind `aborted`. */
  readonly signal?: AbortSignal;
  /** Time-out of each try of this call, in milliseconds. */
  readonly timeoutMs?: number;
}

/**
 * One call for {@link HttpClient.request}: a method, an optional JSON body and
 * the {@link RequestOptions}.
 *
 * @example
 * ```ts
 * import type { HttpRequest, HttpClient } from '@site-identity/http';
 * declare const client: HttpClient;
 *
 * const call: HttpRequest = { method: 'POST', body: { stateToken: 'st' } };
 * const { data, requestId } = await client.request('/v1/auth/resend', call);
 * ```
 */
export interface HttpRequest extends RequestOptions {
  /** Default `GET`. */
  readonly method?: HttpMethod;
  /** Sent as JSON with `content-type: application/json`; left out when `undefined`. */
  readonly body?: unknown;
}

/**
 * A successful answer of {@link HttpClient.request}.
 *
 * @example
 * ```ts
 * import type { HttpResponse, HttpClient } from '@site-identity/http';
 * declare const client: HttpClient;
 *
 * const response: HttpResponse = await client.request('/v1/thing');
 * console.log(response.status, response.requestId);
 * ```
 */
export interface HttpResponse {
  /** The parsed JSON body, unchecked: validate its shape. `undefined` for 204 and 205. */
  readonly data: unknown;
  /** The HTTP status (2xx). */
  readonly status: number;
  /** The response's `x-wix-request-id`, if any. */
  readonly requestId: string | undefined;
  /** The response headers. */
  readonly headers: Headers;
}

/**
 * A JSON client for one platform service. Every method resolves with the parsed
 * body and rejects only with a `PlatformError`.
 *
 * @example
 * ```ts
 * import { createHttpClient } from '@site-identity/http';
 * declare const email: string;
 * declare const password: string;
 *
 * const client = createHttpClient({ baseUrl: 'https://www.wixapis.com/_api/iam/authentication' });
 * const answer = await client.post('/v2/login', { loginId: { email }, password });
 * ```
 */
export interface HttpClient {
  /** The base every path is resolved under (the edge host with `cdn: true`), without a trailing slash. */
  readonly baseUrl: string;
  /** GET `path`; resolves with the parsed JSON body. Retried by default. */
  get(path: string, options?: RequestOptions): Promise<unknown>;
  /** POST `body` as JSON to `path`; resolves with the parsed JSON body. Retried only with `{ retry: true }`. */
  post(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  /** Any method; resolves with the body, the status, the request id and the headers. */
  request(path: string, request?: HttpRequest): Promise<HttpResponse>;
}

const IDEMPOTENT: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

function checkTimeout(value: unknown): number {
  if (typeof value !== 'number' || !(value > 0 && value <= MAX_TIMEOUT_MS)) {
    throw invalidOptions(`timeoutMs must be from 1 to ${MAX_TIMEOUT_MS}`);
  }
  return value;
}

function checkRetry(retry: RetryPolicy | false | undefined): ResolvedRetryPolicy {
  const policy = { ...DEFAULT_RETRY, ...(retry === false ? { limit: 0 } : retry) };
  const { limit, baseDelayMs, maxDelayMs } = policy;
  if (!(Number.isInteger(limit) && limit >= 0 && baseDelayMs >= 0 && maxDelayMs >= 0)) {
    throw invalidOptions('retry needs a whole limit and delays of 0 or more');
  }
  return policy;
}

function buildHeaders(
  base: Readonly<Record<string, string>> | undefined,
  own: Readonly<Record<string, string>> | undefined,
  hasBody: boolean,
): Headers {
  try {
    const headers = new Headers({ accept: 'application/json', ...base });
    if (hasBody) headers.set('content-type', 'application/json');
    for (const [name, value] of Object.entries(own ?? {})) headers.set(name, value);
    return headers;
  } catch (cause) {
    throw invalidOptions('headers must be valid HTTP headers', cause);
  }
}

/** Sets `Authorization` from `getAuthorization`, unless the call brought its own. */
async function authorize(
  headers: Headers,
  getAuthorization: AuthorizationSource | undefined,
): Promise<void> {
  if (!getAuthorization || headers.has('authorization')) return;
  let cause: unknown;
  try {
    const value: unknown = await getAuthorization();
    if (value === undefined || value === '') return;
    // Headers refuses a line break or NUL inside the value (a TypeError, caught below).
    if (typeof value === 'string') return headers.set('authorization', value);
  } catch (error) {
    cause = error;
  }
  throw new PlatformError('getAuthorization failed; nothing was sent', {
    kind: 'system',
    code: 'AUTHORIZATION_FAILED',
    cause,
  });
}

function serialise(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  let cause: unknown;
  try {
    const json: unknown = JSON.stringify(body);
    if (typeof json === 'string') return json;
  } catch (error) {
    cause = error;
  }
  throw new PlatformError('The body is not serialisable as JSON', {
    kind: 'system',
    code: 'INVALID_REQUEST_BODY',
    cause,
  });
}

/** Waits `ms`, or less when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}

/**
 * Creates a JSON client for one platform service, on one ky instance. Paths are
 * resolved under `baseUrl`; `getAuthorization` is asked once per call for the raw
 * `Authorization` value; every try has a time-out; safe calls are retried on
 * network errors, time-outs, 408, 429, 502, 503 and 504 with exponential back-off,
 * jitter and `Retry-After`. Every failure, bad input included, is a `PlatformError`.
 * Bad client options throw one synchronously (code `INVALID_OPTIONS`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-9.2.2 (idempotent methods)
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3 (Retry-After)
 * @example
 * ```ts
 * import { createHttpClient, isPlatformError } from '@site-identity/http';
 * import type { TokenManager } from '@site-identity/tokens';
 * declare const manager: TokenManager;
 * declare const email: string;
 * declare const password: string;
 *
 * const auth = createHttpClient({
 *   baseUrl: 'https://www.wixapis.com/_api/iam/authentication',
 *   getAuthorization: () => manager.getAccessToken(),
 * });
 * try {
 *   const answer = await auth.post('/v2/login', { loginId: { email }, password });
 * } catch (error) {
 *   if (isPlatformError(error)) console.log(error.code, error.requestId);
 * }
 * ```
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  // Without options there is no baseUrl: INVALID_OPTIONS before anything else is read.
  const baseUrl = resolveBaseUrl(options?.baseUrl, options?.cdn === true);
  const defaultTimeout = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const policy = checkRetry(options.retry);
  const { fetch: customFetch, getAuthorization, headers: baseHeaders } = options;
  for (const name of ['fetch', 'getAuthorization'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function')
      throw invalidOptions(`${name} must be a function`);
  }
  const api = ky.create({
    // Retries are ours (above): ky only sends, times out and hands back the answer.
    retry: 0,
    throwHttpErrors: false,
    // ky 1.0 would set `credentials: 'same-origin'`, which Cloudflare Workers refuse;
    // left unset, fetch uses that same default everywhere else.
    credentials: undefined,
    // ky calls `fetch` with a Request; calling it as a plain function keeps a bare
    // `window.fetch` from an illegal invocation.
    ...(customFetch && { fetch: (input: Request | URL | string) => customFetch(input as Request) }),
  });

  async function request(path: string, call: HttpRequest = {}): Promise<HttpResponse> {
    const method = call.method ?? 'GET';
    const timeoutMs = checkTimeout(call.timeoutMs ?? defaultTimeout);
    const url = resolveRequestUrl(baseUrl, path, call.searchParams);
    const body = serialise(call.body);
    const headers = buildHeaders(baseHeaders, call.headers, body !== undefined);
    const { signal } = call;
    const limit = (call.retry ?? IDEMPOTENT.includes(method)) ? policy.limit : 0;
    for (let attempt = 1; ; attempt++) {
      let error: PlatformError;
      try {
        // getAuthorization is asked once per call, and never once the call is aborted;
        // the signal is checked again right before each try.
        if (attempt === 1 && !signal?.aborted) await authorize(headers, getAuthorization);
        if (signal?.aborted) throw signal.reason;
        return await readResponse(
          await api(url, { method, headers, body, signal, timeout: timeoutMs }),
        );
      } catch (caught) {
        error = wrap(caught, timeoutMs, signal);
      }
      // The error says whether trying again may help; its Retry-After may still rule it out.
      const delay =
        error.retryable && attempt <= limit ? retryDelay(error, policy, attempt) : undefined;
      if (delay === undefined) throw error;
      await wait(delay, signal);
    }
  }

  return {
    baseUrl,
    request,
    get: async (path, callOptions) => (await request(path, { ...callOptions, method: 'GET' })).data,
    post: async (path, body, callOptions) =>
      (await request(path, { ...callOptions, method: 'POST', body })).data,
  };
}
