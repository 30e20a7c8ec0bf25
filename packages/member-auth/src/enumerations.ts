/**
 * Who can see a member's profile.
 *
 * @example
 * ```ts
 * import type { PrivacyStatus } from '@site-identity/member-auth';
 *
 * const visible = (status: PrivacyStatus | undefined) => status === 'PUBLIC';
 * ```
 */
export type PrivacyStatus = 'UNDEFINED' | 'PUBLIC' | 'PRIVATE';

/**
 * The status of an identity. A `PENDING` identity carries its
 * {@link PendingReason}s.
 *
 * @example
 * ```ts
 * import type { IdentityStatusName } from '@site-identity/member-auth';
 *
 * const canLogIn = (name: IdentityStatusName) => name === 'ACTIVE';
 * ```
 */
export type IdentityStatusName = 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE';

/**
 * Why an identity is `PENDING`: the site owner must approve it, or the member must
 * verify the e-mail address.
 *
 * @example
 * ```ts
 * import type { PendingReason } from '@site-identity/member-auth';
 *
 * const waitsForOwner = (reasons: PendingReason[]) =>
 *   reasons.includes('PENDING_ADMIN_APPROVAL_REQUIRED');
 * ```
 */
export type PendingReason = 'PENDING_ADMIN_APPROVAL_REQUIRED' | 'PENDING_EMAIL_VERIFICATION';

/**
 * Every authentication factor type, in the platform's order. `verifyFactor`
 * accepts each of them.
 *
 * @example
 * ```ts
 * import { FACTOR_TYPES } from '@site-identity/member-auth';
 *
 * FACTOR_TYPES.includes('TOTP'); // true
 * ```
 */
export const FACTOR_TYPES = [
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
] as const;

/**
 * An authentication factor type: one of {@link FACTOR_TYPES}.
 *
 * @example
 * ```ts
 * import type { FactorType } from '@site-identity/member-auth';
 *
 * const second: FactorType = 'TOTP';
 * ```
 */
export type FactorType = (typeof FACTOR_TYPES)[number];

/**
 * The state of one of a member's factors.
 *
 * @example
 * ```ts
 * import type { FactorStatus } from '@site-identity/member-auth';
 *
 * const usable = (status: FactorStatus) => status === 'ENABLED' || status === 'ENABLED_BY_RULE';
 * ```
 */
export type FactorStatus =
  'ENABLED' | 'REQUIRE_ACTIVATION' | 'REQUIRE_REENROLL' | 'ENABLED_BY_RULE' | 'DISABLED_BY_RULE';

/**
 * Why the platform asks for a second factor: the member turned it on, or the login
 * looks risky.
 *
 * @example
 * ```ts
 * import type { MfaReason } from '@site-identity/member-auth';
 *
 * const explain = (reason: MfaReason) =>
 *   reason === 'HIGH_RISK_LOGIN' ? 'We need to make sure it is you.' : 'Enter your code.';
 * ```
 */
export type MfaReason = 'USER_SETTINGS' | 'HIGH_RISK_LOGIN';

/**
 * The kind of tenant an identity belongs to.
 *
 * @example
 * ```ts
 * import type { TenantType } from '@site-identity/member-auth';
 *
 * const tenant: TenantType = 'SITE';
 * ```
 */
export type TenantType = 'ACCOUNT' | 'SITE';

/**
 * The sections of a member's account page on the hosted site.
 *
 * @example
 * ```ts
 * import type { AccountSection } from '@site-identity/member-auth';
 *
 * const start: AccountSection = 'ORDERS';
 * ```
 */
export type AccountSection = 'ACCOUNT_INFO' | 'BOOKINGS' | 'ORDERS' | 'SUBSCRIPTIONS' | 'EVENTS';

/**
 * The kinds of callback a hosted flow returns through.
 *
 * @example
 * ```ts
 * import type { CallbackType } from '@site-identity/member-auth';
 *
 * const afterLogout: CallbackType = 'LOGOUT';
 * ```
 */
export type CallbackType = 'LOGOUT' | 'CHECKOUT' | 'AUTHORIZE';

/**
 * A tag on a postal address of an identity.
 *
 * @example
 * ```ts
 * import type { AddressTag } from '@site-identity/member-auth';
 *
 * const tag: AddressTag = 'SHIPPING';
 * ```
 */
export type AddressTag = 'UNTAGGED' | 'HOME' | 'WORK' | 'BILLING' | 'SHIPPING';

/**
 * A tag on an e-mail address of an identity.
 *
 * @example
 * ```ts
 * import type { EmailTag } from '@site-identity/member-auth';
 *
 * const tag: EmailTag = 'MAIN';
 * ```
 */
export type EmailTag = 'UNTAGGED' | 'MAIN' | 'HOME' | 'WORK';

/**
 * A tag on a phone number of an identity.
 *
 * @example
 * ```ts
 * import type { PhoneTag } from '@site-identity/member-auth';
 *
 * const tag: PhoneTag = 'MOBILE';
 * ```
 */
export type PhoneTag = 'UNTAGGED' | 'MAIN' | 'HOME' | 'MOBILE' | 'WORK' | 'FAX';
