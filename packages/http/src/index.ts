export {
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type AuthorizationSource,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
  type RequestOptions,
} from './http-client';
export {
  isPlatformError,
  PlatformError,
  type FieldViolation,
  type KnownPlatformErrorCode,
  type PlatformErrorCode,
  type PlatformErrorInit,
  type PlatformErrorKind,
} from './platform-error';
export { DEFAULT_API_BASE_URL, EDGE_API_BASE_URL, type SearchParams } from './request-url';
export { readResponse, REQUEST_ID_HEADER } from './error-from-response';
export type { RetryPolicy } from './retry-policy';
export { toPlatformError } from './to-platform-error';
