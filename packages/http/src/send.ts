import type { AuthorizationSource, FetchLike, HttpMethod, HttpResponse } from './http-types';
import {
  absoluteUrl,
  invalid,
  isRecord,
  requiredString,
  timeoutMs as checkTimeout,
} from './checks';
import { authorize, serialise } from './request-parts';
import { exchange } from './exchange';
import { readAnswer } from './error-from-response';
import { invalidOptions } from './platform-error';

/**
 * One request, described: what {@link send} sends.
 *
 * @example
 * ```ts
 * import type { SendRequest } from '@site-identity/http';
 *
 * const request: SendRequest = {
 *   method: 'POST',
 *   url: 'https://www.wixapis.com/oauth2/token',
 *   body: { clientId: 'my-client-id', grantType: 'anonymous' },
 * };
 * ```
 */
export interface SendRequest {
  readonly method: HttpMethod;
  /** The absolute URL. */
  readonly url: string | URL;
  /** Sent as JSON with `content-type: application/json`; left out when `undefined`. */
  readonly body?: unknown;
  /** Headers over `accept: application/json`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Cancels the request; it rejects with kind `aborted`. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The settings a request is sent with: the client's `fetch` and time-out.
 *
 * @example
 * ```ts
 * import type { SendSettings } from '@site-identity/http';
 *
 * const settings: SendSettings = { timeoutMs: 10_000 };
 * ```
 */
export interface SendSettings {
  /** Default `globalThis.fetch`, looked up per request. */
  readonly fetch?: FetchLike | undefined;
  /** The time-out, in milliseconds, for the answer and its body. */
  readonly timeoutMs: number;
  /** Supplies the raw `Authorization` value, unless the request has one. */
  readonly getAuthorization?: AuthorizationSource | undefined;
}

/**
 * Sends one request once: builds it, asks `getAuthorization` (a failure there is
 * `AUTHORIZATION_FAILED` and sends nothing), calls `fetch`, applies the time-out together
 * with the caller's `signal`, reads the answer and resolves with it, or rejects
 * with the `PlatformError` that describes the failure (`network`, `timeout`,
 * `aborted`, the platform's error, `INVALID_RESPONSE`). Never retried. It does not
 * use ky, so a package that sends one kind of request stays small.
 *
 * @example
 * ```ts
 * import { send } from '@site-identity/http';
 * declare const clientId: string;
 *
 * const { data, requestId } = await send(
 *   { method: 'POST', url: 'https://www.wixapis.com/oauth2/token', body: { clientId, grantType: 'anonymous' } },
 *   { timeoutMs: 10_000 },
 * );
 * ```
 */
export async function send(request: SendRequest, settings: SendSettings): Promise<HttpResponse> {
  if (!isRecord(request))
    throw invalid({ name: 'request', expected: 'an object', value: request }, invalidOptions);
  if (!isRecord(settings))
    throw invalid({ name: 'settings', expected: 'an object', value: settings }, invalidOptions);
  const { method, url } = request;
  requiredString(method, 'request.method', invalidOptions);
  absoluteUrl(url instanceof URL ? url.href : url, 'request.url', invalidOptions);
  checkTimeout(settings.timeoutMs, 'settings.timeoutMs', invalidOptions);
  if (request.signal !== undefined && !(request.signal instanceof AbortSignal))
    throw invalid(
      { name: 'request.signal', expected: 'an AbortSignal', value: request.signal },
      invalidOptions,
    );
  return exchange(request, settings, { read: readAnswer, serialise, authorize });
}
