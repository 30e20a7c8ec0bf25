export { createRedirects } from './create-redirects';
export { parseCallback, type CallbackParams, type UrlResponseMode } from './parse-callback';
export {
  isRedirectsError,
  RedirectsError,
  type KnownRedirectsErrorCode,
  type RedirectsErrorCode,
  type RedirectsErrorInit,
} from './redirects-error';
export { OAUTH_FLOW_TIMEOUT_MS, PREWARM_INTERVAL_MS } from './constants';
export { IDENTITY_PROVIDER_IDS, type IdentityProvider } from './identity-provider';
export type { RedirectsEnvironment, RedirectsLogger } from './environment';
export type {
  AuthRequest,
  Prompt,
  RedirectCallbacks,
  RedirectIntents,
  RedirectSession,
  RedirectSessionOptions,
  RedirectSessionRequest,
  ResponseMode,
} from './redirect-session';
export type {
  AuthFlowInput,
  AuthUrl,
  AuthUrlOptions,
  LoginCompletion,
  LoginWithRedirectOptions,
  LogoutOptions,
  Redirects,
  RedirectsOptions,
  RedirectsTokens,
  SilentLoginOptions,
} from './redirects-types';
