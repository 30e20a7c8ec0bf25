import type { TaggedAddress } from './address';
import type {
  EmailTag,
  FactorStatus,
  FactorType,
  IdentityStatusName,
  PendingReason,
  PhoneTag,
  PrivacyStatus,
} from './enumerations';

/**
 * The value of a custom profile field: a number or a date (ISO 8601), or a string.
 *
 * @example
 * ```ts
 * import type { CustomValue } from '@site-identity/member-auth';
 *
 * const shoeSize: CustomValue = { numValue: 42 };
 * const anniversary: CustomValue = { dateValue: '2020-06-01T00:00:00.000Z' };
 * ```
 */
export interface CustomValue {
  strValue?: string;
  numValue?: number;
  dateValue?: string;
}

/**
 * A custom field of an identity's profile.
 *
 * @example
 * ```ts
 * import type { CustomField } from '@site-identity/member-auth';
 *
 * const field: CustomField = { name: 'custom.shoe-size', value: { numValue: 42 } };
 * ```
 */
export interface CustomField {
  name: string;
  value?: CustomValue;
}

/**
 * An e-mail address of a profile with its tag.
 *
 * @example
 * ```ts
 * import type { TaggedEmail } from '@site-identity/member-auth';
 *
 * const work: TaggedEmail = { email: 'ada@example.com', tag: 'WORK' };
 * ```
 */
export interface TaggedEmail {
  email: string;
  tag?: EmailTag;
}

/**
 * A phone number of a profile with its tag.
 *
 * @example
 * ```ts
 * import type { TaggedPhone } from '@site-identity/member-auth';
 *
 * const mobile: TaggedPhone = { countryCode: 'GB', phone: '+44 20 7946 0958', tag: 'MOBILE' };
 * ```
 */
export interface TaggedPhone {
  countryCode?: string;
  phone: string;
  tag?: PhoneTag;
}

/**
 * The profile of an identity, also what `register` and `signOn` accept as
 * `profile`.
 *
 * @example
 * ```ts
 * import type { IdentityProfile } from '@site-identity/member-auth';
 *
 * const profile: IdentityProfile = {
 *   firstName: 'Ada',
 *   lastName: 'Lovelace',
 *   privacyStatus: 'PRIVATE',
 *   customFields: [{ name: 'custom.shoe-size', value: { numValue: 38 } }],
 * };
 * ```
 */
export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  company?: string;
  position?: string;
  /** A date, `YYYY-MM-DD`. */
  birthdate?: string;
  language?: string;
  privacyStatus?: PrivacyStatus;
  emails?: TaggedEmail[];
  secondaryEmails?: TaggedEmail[];
  phonesV2?: TaggedPhone[];
  addresses?: TaggedAddress[];
  customFields?: CustomField[];
  labels?: string[];
}

/**
 * An identity's status, with the reasons when it is `PENDING`.
 *
 * @example
 * ```ts
 * import type { IdentityStatus } from '@site-identity/member-auth';
 *
 * const status: IdentityStatus = { name: 'PENDING', reasons: ['PENDING_EMAIL_VERIFICATION'] };
 * ```
 */
export interface IdentityStatus {
  name: IdentityStatusName;
  reasons?: PendingReason[];
}

/**
 * An authentication factor of an identity.
 *
 * @example
 * ```ts
 * import type { Factor } from '@site-identity/member-auth';
 *
 * const totp: Factor = { factorId: 'f-1', type: 'TOTP', status: 'ENABLED' };
 * ```
 */
export interface Factor {
  factorId?: string;
  type: FactorType;
  status?: FactorStatus;
}

/**
 * A member's identity as the platform returns it from register, login and
 * verification. Dates are ISO 8601 strings.
 *
 * @example
 * ```ts
 * import type { Identity } from '@site-identity/member-auth';
 *
 * function greet(identity: Identity | undefined): string {
 *   return `Hello ${identity?.identityProfile?.firstName ?? 'there'}`;
 * }
 * ```
 */
export interface Identity {
  id?: string;
  createdDate?: string;
  updatedDate?: string;
  revision?: string;
  loginId?: { email?: string };
  identityProfile?: IdentityProfile;
  email?: { address: string; isVerified?: boolean };
  status?: IdentityStatus;
  factors?: Factor[];
}
