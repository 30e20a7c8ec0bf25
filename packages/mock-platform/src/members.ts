import { randomToken } from './random';
import { sha256, toHex } from './sha256';

/**
 * Second factors the emulator can verify.
 *
 * @example
 * ```ts
 * import type { MockPlatform, MockFactorType } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * platform.state.addMember({ email: 'ada@example.com', password: 'x', mfa: { factorType: 'sms' satisfies MockFactorType } });
 * ```
 */
export type MockFactorType = 'sms' | 'call' | 'email' | 'totp';

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
  /** A second factor: login answers REQUIRE_MFA. `totpCode` defaults to '000000'. */
  readonly mfa?: { readonly factorType: MockFactorType; readonly totpCode?: string };
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
  mfa: { factorType: MockFactorType; totpCode: string } | undefined;
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
    mfa:
      input.mfa === undefined
        ? undefined
        : { factorType: input.mfa.factorType, totpCode: input.mfa.totpCode ?? '000000' },
    profile: { ...(input.profile ?? {}) },
    createdDate: date,
    updatedDate: date,
  };
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
      ...(member.mfa
        ? [
            {
              factorId: `${member.id}-${member.mfa.factorType}`,
              type: member.mfa.factorType.toUpperCase(),
              status: 'ENABLED',
            },
          ]
        : []),
    ],
  };
}
