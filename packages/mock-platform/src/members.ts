import { randomDigits, randomToken } from './random';
import { sha256, toHex } from './sha256';

/**
 * Second factors the emulator can verify: every factor type of the platform but the
 * password, in the lower case of the verify path (`/v2/recovery_code/verify`).
 *
 * @example
 * ```ts
 * import type { MockPlatform, MockFactorType } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.state.addMember({ email: 'ada@example.com', password: 'x', mfa: { factorType: 'sms' satisfies MockFactorType } });
 * ```
 */
export type MockFactorType =
  'sms' | 'call' | 'email' | 'totp' | 'push' | 'webauthn' | 'recovery_code';

/**
 * The second factors of a member as {@link MemberInput} gives them.
 *
 * @example
 * ```ts
 * import type { MfaInput } from '@site-identity/mock-platform';
 *
 * const mfa: MfaInput = { factorType: 'push', factors: ['recovery_code'], recoveryCodes: ['1111-2222'] };
 * ```
 */
export interface MfaInput {
  /** The factor a login asks for first (`mfaChallengeData.factorType`). */
  readonly factorType: MockFactorType;
  /** Further factors the member may choose instead (`availableFactors`). */
  readonly factors?: readonly MockFactorType[];
  /** The TOTP code the member's authenticator app shows. Default '000000'. */
  readonly totpCode?: string;
  /** Single-use recovery codes. Default: ten random ones (see `member.mfa.recoveryCodes`). */
  readonly recoveryCodes?: readonly string[];
}

/**
 * A passkey a member enrolled: its credential id, public key (SPKI) and sign count.
 *
 * @example
 * ```ts
 * import type { MockPasskey, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const passkeys: MockPasskey[] = platform.state.findMember('ada@example.com')?.passkeys ?? [];
 * ```
 */
export interface MockPasskey {
  /** The credential id, base64url. */
  readonly credentialId: string;
  /** The public key, SPKI DER, base64url. */
  readonly publicKey: string;
  /** COSE algorithm: -7 (ES256) or -257 (RS256). */
  readonly algorithm: number;
  /** The relying party id the passkey is bound to (a host name). */
  readonly rpId: string;
  /** The page origin the passkey was enrolled on; assertions must come from it. */
  readonly origin: string;
  /** The highest sign count seen. */
  signCount: number;
}

/**
 * The second factors of a member as the emulator keeps them.
 *
 * @example
 * ```ts
 * import type { MockMfa, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const mfa: MockMfa | undefined = platform.state.findMember('ada@example.com')?.mfa;
 * ```
 */
export interface MockMfa {
  factorType: MockFactorType;
  /** Every enabled second factor, `factorType` first. */
  factors: MockFactorType[];
  totpCode: string;
  /** Recovery codes; each works once. */
  recoveryCodes: { readonly code: string; used: boolean }[];
}

/**
 * A member to create, in `options.members` or `state.addMember()`.
 *
 * @example
 * ```ts
 * import type { MemberInput, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const input: MemberInput = { email: 'ada@example.com', password: 'secret', ownerApproved: false };
 * platform.state.addMember(input);
 * ```
 */
export interface MemberInput {
  readonly email: string;
  /** Absent for a member who has no password yet (sign-on, activation). */
  readonly password?: string;
  /** Default true. */
  readonly emailVerified?: boolean;
  /** Default true. */
  readonly ownerApproved?: boolean;
  /** Login answers -19973 until the password is reset. Default false. */
  readonly resetPasswordRequired?: boolean;
  /** Second factors: login answers REQUIRE_MFA; see {@link MfaInput}. */
  readonly mfa?: MfaInput;
  readonly profile?: Record<string, unknown>;
}

/**
 * A member as the emulator keeps it; tests may change the fields.
 *
 * @example
 * ```ts
 * import type { MockMember, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const member: MockMember | undefined = platform.state.findMember('ada@example.com');
 * if (member) member.resetPasswordRequired = true;
 * ```
 */
export interface MockMember {
  readonly id: string;
  email: string;
  passwordHash: string | undefined;
  salt: string;
  emailVerified: boolean;
  ownerApproved: boolean;
  resetPasswordRequired: boolean;
  mfa: MockMfa | undefined;
  /** Enrolled passkeys (`POST /_mock/webauthn/register`). */
  passkeys: MockPasskey[];
  profile: Record<string, unknown>;
  readonly createdDate: string;
  updatedDate: string;
}

/**
 * Hashes a password with a salt (salted SHA-256: fine for an emulator, never for production).
 *
 * @example
 * ```ts
 * hashPassword('secret', member.salt) === member.passwordHash;
 * ```
 */
export function hashPassword(password: string, salt: string): string {
  return toHex(sha256(`${salt}:${password}`));
}

/**
 * Creates a member record from its input.
 *
 * @example
 * ```ts
 * const member = createMember({ email: 'ada@example.com', password: 'secret' }, Date.now());
 * ```
 */
export function createMember(input: MemberInput, nowMs: number): MockMember {
  const salt = randomToken();
  const date = new Date(nowMs).toISOString();
  return {
    id: crypto.randomUUID(),
    email: input.email.trim().toLowerCase(),
    passwordHash: input.password === undefined ? undefined : hashPassword(input.password, salt),
    salt,
    emailVerified: input.emailVerified ?? true,
    ownerApproved: input.ownerApproved ?? true,
    resetPasswordRequired: input.resetPasswordRequired ?? false,
    mfa: input.mfa === undefined ? undefined : createMfa(input.mfa),
    passkeys: [],
    profile: { ...(input.profile ?? {}) },
    createdDate: date,
    updatedDate: date,
  };
}

/**
 * A member's second factors from their input: the factor asked first, then the others.
 *
 * @example
 * ```ts
 * createMfa({ factorType: 'totp' }).factors; // ['totp']
 * ```
 */
export function createMfa(input: MfaInput): MockMfa {
  const factors = [input.factorType, ...(input.factors ?? [])];
  return {
    factorType: input.factorType,
    factors: factors.filter((factor, index) => factors.indexOf(factor) === index),
    totpCode: input.totpCode ?? '000000',
    recoveryCodes: (
      input.recoveryCodes ??
      Array.from({ length: 10 }, () => `${randomDigits(4)}-${randomDigits(4)}`)
    ).map((code) => ({ code, used: false })),
  };
}

/** Every {@link MockFactorType}, in the spec's order. */
export const MOCK_FACTOR_TYPES: readonly MockFactorType[] = [
  'sms',
  'call',
  'email',
  'totp',
  'push',
  'webauthn',
  'recovery_code',
];

/**
 * What is wrong with a member's `mfa` input, or undefined.
 *
 * @example
 * ```ts
 * mfaInputProblem({ factorType: 'fax' }); // 'mfa.factorType must be one of sms, call, …; got "fax"'
 * ```
 */
export function mfaInputProblem(input: Partial<MfaInput> | null | undefined): string | undefined {
  if (input === undefined) return undefined;
  const listed = `one of ${MOCK_FACTOR_TYPES.join(', ')}`;
  const known = (factor: unknown): boolean =>
    (MOCK_FACTOR_TYPES as readonly unknown[]).includes(factor);
  if (!known(input?.factorType))
    return `mfa.factorType must be ${listed}; got ${JSON.stringify(input?.factorType)}`;
  const factors: unknown = input?.factors ?? [];
  if (!Array.isArray(factors) || !factors.every(known))
    return `mfa.factors must be an array of ${listed}; got ${JSON.stringify(factors)}`;
  const codes: unknown = input?.recoveryCodes ?? [];
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === 'string' && code !== ''))
    return `mfa.recoveryCodes must be an array of non-empty strings; got ${JSON.stringify(codes)}`;
  return undefined;
}

/**
 * Checks a password against a member's hash.
 *
 * @example
 * ```ts
 * if (!verifyPassword(member, body.password)) return invalidPassword();
 * ```
 */
export function verifyPassword(member: MockMember, password: string): boolean {
  return (
    member.passwordHash !== undefined && hashPassword(password, member.salt) === member.passwordHash
  );
}

/**
 * The identity the platform answers for a member.
 *
 * @example
 * ```ts
 * json({ state: 'SUCCESS', identity: toIdentity(member) });
 * ```
 */
export function toIdentity(member: MockMember): Record<string, unknown> {
  const pending: string[] = [];
  if (!member.emailVerified) pending.push('PENDING_EMAIL_VERIFICATION');
  if (!member.ownerApproved) pending.push('PENDING_ADMIN_APPROVAL_REQUIRED');
  return {
    id: member.id,
    createdDate: member.createdDate,
    updatedDate: member.updatedDate,
    revision: '1',
    loginId: { email: member.email },
    email: { address: member.email, isVerified: member.emailVerified },
    status: { name: pending.length === 0 ? 'ACTIVE' : 'PENDING', reasons: pending },
    identityProfile: {
      emails: [{ email: member.email, tag: 'MAIN' }],
      privacyStatus: 'PRIVATE',
      ...member.profile,
    },
    factors: [
      { factorId: `${member.id}-password`, type: 'PASSWORD', status: 'ENABLED' },
      ...(member.mfa?.factors ?? []).map((factor) => ({
        factorId: `${member.id}-${factor}`,
        type: factor.toUpperCase(),
        status: 'ENABLED',
      })),
    ],
  };
}
