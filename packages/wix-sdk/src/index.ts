export {
  createAuthStrategy,
  type AuthStrategyOptions,
  type SessionAuthStrategy,
  type StrategyTokens,
} from './auth-strategy';
export {
  createRenewingFetch,
  type FetchFunction,
  type RenewingFetchOptions,
} from './renewing-fetch';
export { OAuthStrategy } from './oauth-strategy';
export type { OAuthStrategyClient, OAuthStrategyConfig } from './oauth-strategy-types';
export {
  LoginState,
  TokenRole,
  type AccessToken,
  type IdentityProvider,
  type LoginParams,
  type OauthData,
  type RefreshToken,
  type RegisterParams,
  type StateErrorCode,
  type StateMachine,
  type Tokens,
  type TokenStorage,
} from './incumbent-types';
export { EMPTY_TOKENS } from './token-storage-adapter';
export {
  isWixSdkError,
  WixSdkError,
  type KnownWixSdkErrorCode,
  type WixSdkErrorCode,
  type WixSdkErrorInit,
} from './wix-sdk-error';
