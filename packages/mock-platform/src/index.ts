// The public surface of @site-identity/mock-platform. Nothing here imports a Node
// built-in at load time, so the entry also loads in a browser (MSW's setupWorker);
// startMockPlatformServer loads node:http only when it is called.

export { createMockPlatform } from './platform';
export type { MockPlatform, PlatformOutcome } from './platform';
export { startMockPlatformServer } from './server';
export type { MockPlatformServer, MockPlatformServerOptions } from './server';
export { DEFAULT_BASE_URL, DEFAULT_EDGE_BASE_URL } from './options';
export { DEFAULT_COLLECTIONS } from './collections';
export type {
  CollectionInput,
  DataReadPermission,
  MockCollection,
  MockDataItem,
} from './collections';
export type {
  CaptchaMode,
  FrameCookieMode,
  MockClient,
  MockPlatformOptions,
  PlatformSettings,
  RefreshTokenReuse,
  SiteSettings,
  TokenSettings,
} from './options';
export type { FaultKind, FaultSpec, Faults, LatencyPhase } from './faults';
export type {
  MemberInput,
  MfaInput,
  MockFactorType,
  MockMember,
  MockMfa,
  MockPasskey,
} from './members';
export {
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
  type SoftwareAuthenticatorOptions,
  type SoftwareCredential,
} from './software-authenticator';
export type {
  AuthorizationCodeRecord,
  OutboxEmail,
  PasskeyRegistration,
  PendingFlow,
  PlatformState,
  PushTransaction,
  RedirectSessionRecord,
  RequestLogEntry,
} from './state';
export type {
  ConsumedRefreshToken,
  IssuedTokens,
  MockTokenRole,
  TokenDescription,
  TokenGrant,
  TokenStore,
} from './token-store';
export { MockPlatformError, isMockPlatformError } from './mock-platform-error';
export type { MockPlatformErrorCode, MockPlatformErrorInit } from './mock-platform-error';
