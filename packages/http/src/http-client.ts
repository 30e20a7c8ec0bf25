import ky, { type Options as KyOptions } from 'ky';
import { readAnswer, RETRYABLE_STATUSES } from './error-from-response';
import type { AuthorizationSource, FetchLike, HttpMethod, HttpResponse } from './http-types';
import { resolveBaseUrl, resolveRequestUrl, type SearchParams } from './request-url';
import { invalid, optionalFunction, timeoutMs } from './checks';
import { isPlatformError } from './platform-error';
import { authorize, invalidHeaders, jsonHeaders, serialise } from './request-parts';
import { invalidOptions } from './platform-error';
import type { RetryPolicy } from './retry-policy';
import { describeRequest, wrap } from './to-platform-error';

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
  readonly fetch?: FetchLike;
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

/** `fetch` as given, else the global one as it is now (MSW patches it after import). */
const fetchOf =
  (custom: FetchLike | undefined): FetchLike =>
  (request) =>
    (custom ?? globalThis.fetch)(request);

const IDEMPOTENT: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

/** The defaults of {@link RetryPolicy}. */
const DEFAULT_RETRY: Required<RetryPolicy> = { limit: 2, baseDelayMs: 300, maxDelayMs: 10_000 };

/** `value` when it is a time-out ky and `setTimeout` accept; else `INVALID_OPTIONS`. */
const checkTimeout = (value: unknown): number => timeoutMs(value, 'timeoutMs', invalidOptions);

/** ky's retry options for `retry`: exponential back-off with equal jitter, capped; the statuses worth it. */
function kyRetry(retry: RetryPolicy | false | undefined) {
  const policy = { ...DEFAULT_RETRY, ...(retry === false ? { limit: 0 } : retry) };
  const { limit, baseDelayMs, maxDelayMs } = policy;
  for (const [name, value, whole] of [
    ['retry.limit', limit, true],
    ['retry.baseDelayMs', baseDelayMs, false],
    ['retry.maxDelayMs', maxDelayMs, false],
  ] as const) {
    if (typeof value !== 'number' || !(value >= 0) || (whole && !Number.isInteger(value)))
      throw invalid(
        { name, expected: `${whole ? 'a whole number' : 'a number'} ≥ 0`, value },
        invalidOptions,
      );
  }
  return {
    limit,
    statusCodes: [...RETRYABLE_STATUSES],
    // Retry-After is honoured on every status worth a retry (ky computes the wait) …
    afterStatusCodes: [...RETRYABLE_STATUSES],
    backoffLimit: maxDelayMs,
    delay: (attempt: number) => baseDelayMs * 2 ** (attempt - 1),
    // Equal jitter: a random point in the upper half of the back-off.
    jitter: (delay: number) => delay / 2 + Math.random() * (delay / 2),
    retryOnTimeout: true,
    // … but a Retry-After beyond maxDelayMs is not waited for: the call rejects at once.
    shouldRetry: ({ error }: { error: Error }) => {
      // A failure of our own (getAuthorization) is final.
      if (isPlatformError(error)) return false;
      const after = (error as { response?: Response }).response?.headers.get('retry-after');
      if (!after) return undefined;
      const ms = /^\s*\d/.test(after) ? Number(after) * 1000 : Date.parse(after) - Date.now();
      return ms > maxDelayMs ? false : undefined;
    },
  } satisfies KyOptions['retry'];
}

/**
 * Creates a JSON client for one platform service, on one ky instance. Paths are
 * resolved under `baseUrl`; `getAuthorization` is asked once per call for the raw
 * `Authorization` value (ky's `beforeRequest` hook); every try has ky's time-out;
 * safe calls are retried by ky on network errors, time-outs, 408, 429, 502, 503 and
 * 504 with exponential back-off, jitter and `Retry-After`. Every failure, bad input
 * included, is a `PlatformError`. Bad client options throw one synchronously (code
 * `INVALID_OPTIONS`).
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
  if (typeof options !== 'object' || options === null)
    throw invalid({ name: 'options', expected: 'an object', value: options }, invalidOptions);
  const baseUrl = resolveBaseUrl(options.baseUrl, options.cdn === true);
  const defaultTimeout = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const retry = kyRetry(options.retry);
  const { fetch: customFetch, getAuthorization, headers: baseHeaders } = options;
  for (const name of ['fetch', 'getAuthorization'] as const)
    optionalFunction(options[name], name, invalidOptions);
  const api = ky.create({
    fetch: fetchOf(customFetch) as typeof fetch,
    hooks: {
      // Asked once per call: a retry sends the same header again.
      beforeRequest: [
        async (request, _options, state) => {
          if (state.retryCount === 0) await authorize(request.headers, getAuthorization);
        },
      ],
    },
  });

  async function request(path: string, call: HttpRequest = {}): Promise<HttpResponse> {
    const method = call?.method ?? 'GET';
    const { signal } = call ?? {};
    let timeoutMs = defaultTimeout;
    // The path until it is resolved, for a failure's message.
    let url: URL | string = String(path);
    try {
      timeoutMs = checkTimeout(call.timeoutMs ?? defaultTimeout);
      url = resolveRequestUrl(baseUrl, path, call.searchParams);
      const body = serialise(call.body);
      const headers = jsonHeaders(baseHeaders, body !== undefined);
      // The call's own headers last: over the client's and the JSON content type.
      try {
        for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
      } catch (cause) {
        throw invalidHeaders(cause);
      }
      // getAuthorization is never asked once the call is aborted.
      if (signal?.aborted) throw signal.reason;
      const safe = call.retry ?? IDEMPOTENT.includes(method);
      const response = await api(url, {
        method,
        headers,
        body,
        signal,
        timeout: timeoutMs,
        retry: { ...retry, limit: safe ? retry.limit : 0, methods: [method.toLowerCase()] },
      });
      return await readAnswer(response, describeRequest(method, url));
    } catch (error) {
      const answer = (error as { name?: unknown; response?: Response }).response;
      if ((error as Error)?.name === 'HTTPError' && answer && !signal?.aborted)
        return readAnswer(answer, describeRequest(method, url));
      throw wrap(error, { method, url, timeoutMs, signal });
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
