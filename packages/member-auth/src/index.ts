export { createMemberAuth, type MemberAuth, type MemberAuthOptions } from './member-auth';
export type { LoginParams, RegisterParams, VerifyEmailParams } from './login-flows';
export {
  DEFAULT_FRAME_BUDGET_MS,
  type BeforeRedirectEvent,
  type CompletedBy,
  type CompleteLoginStrategy,
  type LoginCompletionOptions,
} from './login-completion';
export type {
  ActivationEmailOptions,
  PasswordResetEmailOptions,
  SignOnParams,
  SignOnResult,
} from './account-calls';
export {
  LoginState,
  type EmailVerificationRequired,
  type LoginInitial,
  type LoginProblem,
  type LoginResult,
  type LoginSuccess,
  type OwnerApprovalRequired,
} from './login-result';
export type {
  AvailableFactor,
  MfaChallengeData,
  VerificationChallengeData,
  WebauthnChallenge,
} from './mfa-challenge';
export { toLoginResult, type ServerLoginState } from './login-state';
export { catalogueError, type CatalogueCall } from './error-catalogue';
export type { CatalogueErrorCode, LoginErrorCode } from './login-error-code';
export {
  isMemberAuthError,
  MemberAuthError,
  type KnownMemberAuthErrorCode,
  type MemberAuthErrorCode,
  type MemberAuthErrorInit,
} from './member-auth-error';
export type {
  CaptchaKind,
  CaptchaTokens,
  MemberAuthCaptcha,
  WireCaptchaToken,
} from './captcha-tokens';
export { isValidEmail } from './input-checks';
export type { CallSignal } from './call-signal';
export type { FactorStepOptions } from './factor-step';
export type {
  FactorData,
  SmsDeliveryMethod,
  VerifiableFactorType,
  VerifyFactorCommon,
  VerifyFactorOptions,
} from './factor-verification';
export type { VerificationRecord, VerificationStorage } from './verification-store';
export type { MemberAuthRedirects, MemberAuthTokens } from './ports';
export {
  FACTOR_TYPES,
  type AccountSection,
  type AddressTag,
  type CallbackType,
  type EmailTag,
  type FactorStatus,
  type FactorType,
  type IdentityStatusName,
  type MfaReason,
  type PendingReason,
  type PhoneTag,
  type PrivacyStatus,
  type TenantType,
} from './enumerations';
export type { Address, Geocode, StreetAddress, TaggedAddress } from './address';
export type {
  CustomField,
  CustomValue,
  Factor,
  Identity,
  IdentityProfile,
  IdentityStatus,
  TaggedEmail,
  TaggedPhone,
} from './identity';
