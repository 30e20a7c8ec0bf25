export type { AccessToken, RefreshToken, Tokens, TokenRole } from './types';
export {
  isTokenEndpointError,
  isTokensError,
  TokenEndpointError,
  TokensError,
  type GrantType,
  type SignalOption,
  type TokenEndpointErrorInit,
  type TokensErrorCode,
  type TokensErrorInit,
} from './tokens-error';
export { isExpired, isTokens } from './token-set';
export {
  createTokenEndpoint,
  DEFAULT_TOKEN_URL,
  type FetchLike,
  type TokenEndpoint,
  type TokenEndpointOptions,
  type TokenRequestHeaders,
} from './token-endpoint';
export { memoryStorage, webStorage, type TokenStorage } from './storage';
export type {
  SessionEnd,
  SessionEndReason,
  SessionEvent,
  SessionListener,
  SessionSnapshot,
  SessionStatus,
} from './session';
export type { InspectionEvent, InspectionListener } from './inspection-events';
export type { TabEnvironment, TabLocks, TabPort } from './tab-channel';
export { createTokenManager } from './token-manager';
export type {
  AuthorizedClientRequest,
  AutoRefresh,
  AutoRefreshSession,
  TokenManager,
  TokenManagerOptions,
} from './token-manager-types';
