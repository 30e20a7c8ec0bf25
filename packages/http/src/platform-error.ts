import { isSiteIdentityError, SiteIdentityError } from './site-identity-error';

/**
 * What went wrong, in one word:
 *
 * - `validation`: the platform rejected the input (`details.validationError`).
 * - `application`: the platform answered with an application error
 *   (`details.applicationError`), or a 4xx without details.
 * - `http`: any other non-2xx answer (5xx, 3xx) without details.
 * - `system`: the client itself failed: a response that is not JSON, bad options,
 *   a `getAuthorization` that threw.
 * - `network`: the request never got an answer (offline, DNS, CORS, reset).
 * - `timeout`: no answer within the time-out.
 * - `aborted`: the caller's `AbortSignal` fired.
 *
 * @example
 * ```ts
 * import { isPlatformError, type PlatformErrorKind } from '@site-identity/http';
 *
 * const offline: PlatformErrorKind[] = ['network', 'timeout'];
 * function isOffline(error: unknown): boolean {
 *   return isPlatformError(error) && offline.includes(error.kind);
 * }
 * ```
 */
export type PlatformErrorKind =
  'validation' | 'application' | 'http' | 'system' | 'network' | 'timeout' | 'aborted';

/**
 * The codes this package assigns itself. Platform codes (`'-19995'`, `'NOT_FOUND'`,
 * `'SERVICE_UNAVAILABLE'`, …) pass through as they come, hence `(string & {})`.
 *
 * @example
 * ```ts
 * import type { KnownPlatformErrorCode } from '@site-identity/http';
 *
 * const retryLater: KnownPlatformErrorCode[] = ['NETWORK_ERROR', 'TIMEOUT'];
 * ```
 */
export type KnownPlatformErrorCode =
  | 'INVALID_ARGUMENT'
  | 'INVALID_RESPONSE'
  | 'INVALID_OPTIONS'
  | 'INVALID_REQUEST_BODY'
  | 'AUTHORIZATION_FAILED'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'UNKNOWN';

/**
 * A `PlatformError`'s `code`: one of {@link KnownPlatformErrorCode} or a code from
 * the platform.
 *
 * @example
 * ```ts
 * import type { PlatformErrorCode } from '@site-identity/http';
 *
 * const emailExists: PlatformErrorCode = '-19995';
 * ```
 */
export type PlatformErrorCode = KnownPlatformErrorCode | (string & {});

/**
 * One rejected field of a validation error.
 *
 * @example
 * ```ts
 * import type { FieldViolation } from '@site-identity/http';
 *
 * const isEmailProblem = (v: FieldViolation) => v.type === 'EMAIL';
 * ```
 */
export interface FieldViolation {
  /** The path of the field in the request body, e.g. `loginId.email`. */
  readonly field: string;
  /** Why the platform rejected it. */
  readonly description: string;
  /** The violation's `data.type`, e.g. `'EMAIL'`, when the platform sent one. */
  readonly type?: string;
}

/**
 * What a `PlatformError` is built from.
 *
 * @example
 * ```ts
 * import { PlatformError, type PlatformErrorInit } from '@site-identity/http';
 *
 * const init: PlatformErrorInit = { kind: 'network', code: 'NETWORK_ERROR', retryable: true };
 * throw new PlatformError('The request could not be sent', init);
 * ```
 */
export interface PlatformErrorInit {
  readonly kind: PlatformErrorKind;
  readonly code: PlatformErrorCode;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryable?: boolean;
  readonly fieldViolations?: readonly FieldViolation[];
  readonly description?: string;
  readonly data?: Readonly<Record<string, unknown>>;
  readonly response?: Response;
  readonly detail?: RequestDetail;
  readonly cause?: unknown;
}

/**
 * Where a request failed, for the developer: the method, the URL with its host and
 * port (without query or fragment), and the network cause's code when there was
 * one (`ECONNREFUSED`, `ENOTFOUND`, `ERR_SSL_WRONG_VERSION_NUMBER`, …; a browser does
 * not tell it).
 *
 * @example
 * ```ts
 * import type { RequestDetail } from '@site-identity/http';
 *
 * const detail: RequestDetail = {
 *   method: 'POST',
 *   url: 'http://127.0.0.1:4999/oauth2/token',
 *   networkCode: 'ECONNREFUSED',
 * };
 * ```
 */
export interface RequestDetail {
  readonly method: string;
  readonly url: string;
  readonly networkCode?: string | undefined;
}

/**
 * The one error every `HttpClient` call rejects with. It carries what the platform
 * said (`code`, `description`, `fieldViolations`, `data`), where (`status`,
 * `requestId`) and whether trying again may help (`retryable`). The raw `Response`
 * is kept as a non-enumerable `response`, so logging the error never dumps it.
 * Messages never contain an `Authorization` value or a token.
 *
 * @example
 * ```ts
 * import { isPlatformError } from '@site-identity/http';
 * import type { HttpClient } from '@site-identity/http';
 * declare const client: HttpClient;
 * declare const body: unknown;
 *
 * try {
 *   await client.post('/v2/login', body);
 * } catch (error) {
 *   if (isPlatformError(error) && error.code === '-19976') console.log('wrong password');
 * }
 * ```
 */
export class PlatformError extends SiteIdentityError {
  // The name this class adds to the brand of its errors, and their `name`.
  static override readonly brand: string = 'PlatformError';
  declare name: 'PlatformError' | (string & {});
  /** What went wrong, in one word. */
  declare readonly kind: PlatformErrorKind;
  /** Machine-readable code: the platform's own, or one of {@link KnownPlatformErrorCode}. */
  declare readonly code: PlatformErrorCode;
  /** The HTTP status, when there was a response. */
  declare readonly status: number | undefined;
  /** The `x-wix-request-id` of the response, when there was one. */
  declare readonly requestId: string | undefined;
  /** Whether the same request may succeed later (network, time-out, 408, 429, 502, 503, 504). */
  declare readonly retryable: boolean;
  /** The rejected fields of a validation error, sorted by field; empty otherwise. */
  declare readonly fieldViolations: readonly FieldViolation[];
  /** The platform's description of an application error, or the status text. */
  declare readonly description: string | undefined;
  /** The application error's `data`, when the platform sent one. */
  declare readonly data: Readonly<Record<string, unknown>> | undefined;
  /** The raw response (non-enumerable), when there was one. */
  declare readonly response: Response | undefined;
  /** The request that failed, when it is known: method, URL (host and port), network code. */
  declare readonly detail: RequestDetail | undefined;

  constructor(message: string, init: PlatformErrorInit) {
    // Every field exists on every error (possibly undefined); without an init, no others.
    super(message, {
      status: undefined,
      requestId: undefined,
      description: undefined,
      data: undefined,
      response: undefined,
      detail: undefined,
      ...init,
      retryable: init?.retryable ?? false,
      fieldViolations: init?.fieldViolations ?? [],
    } as PlatformErrorInit);
  }
}

/**
 * The one abort error of every package: a `PlatformError` of kind `aborted`, code
 * `ABORTED`, whose `cause` is the signal's reason. @internal
 */
export const abortError = (
  cause: unknown,
  message = 'The call was aborted by its signal',
): PlatformError => new PlatformError(message, { kind: 'aborted', code: 'ABORTED', cause });

/** An error for bad input to http (thrown by `createHttpClient` and `send`, rejected by calls). @internal */
export const invalidOptions = (message: string, cause?: unknown): PlatformError =>
  new PlatformError(message, { kind: 'system', code: 'INVALID_OPTIONS', cause });

/**
 * Whether `value` is a `PlatformError`, also one made by another copy of this
 * package, in another realm (an iframe) or of a subclass: it checks the one brand
 * of `SiteIdentityError` and the fields, not the prototype.
 *
 * @example
 * ```ts
 * import { isPlatformError } from '@site-identity/http';
 * declare const promise: Promise<unknown>;
 * declare function scheduleRetry(): void;
 *
 * promise.catch((error: unknown) => {
 *   if (isPlatformError(error) && error.retryable) scheduleRetry();
 * });
 * ```
 */
export function isPlatformError(value: unknown): value is PlatformError {
  // Every field a caller reads without a check must be there, so a look-alike is wrapped, not trusted.
  return (
    isSiteIdentityError(value, 'PlatformError') &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    typeof value.code === 'string' &&
    Array.isArray((value as { fieldViolations?: unknown }).fieldViolations)
  );
}
