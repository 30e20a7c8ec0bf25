export {
  createHttpClient,
  DEFAULT_TIMEOUT_MS,
  type HttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type RequestOptions,
} from './http-client';
export type { AuthorizationSource, FetchLike, HttpMethod, HttpResponse } from './http-types';
export {
  isPlatformError,
  PlatformError,
  type FieldViolation,
  type KnownPlatformErrorCode,
  type PlatformErrorCode,
  type PlatformErrorInit,
  type PlatformErrorKind,
  type RequestDetail,
} from './platform-error';
export { DEFAULT_API_BASE_URL, EDGE_API_BASE_URL, type SearchParams } from './request-url';
export { readResponse, REQUEST_ID_HEADER } from './error-from-response';
export type { RetryPolicy } from './retry-policy';
export { send, type SendRequest, type SendSettings } from './send';
export { toPlatformError } from './to-platform-error';
export { statusTextOf } from './status-text';
export {
  isSiteIdentityError,
  SiteIdentityError,
  type SiteIdentityErrorInit,
} from './site-identity-error';
