import type { MockMember } from './members';

/**
 * A fieldset of the members API: `PUBLIC` (the default: id, contact id, dates and the
 * profile; statuses `UNKNOWN`), `EXTENDED` (also the login e-mail and the statuses) or
 * `FULL` (also the contact).
 *
 * @example
 * ```ts
 * const fieldset: MemberFieldset = 'FULL';
 * ```
 */
export type MemberFieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';

/** Every {@link MemberFieldset}, narrowest first. */
export const MEMBER_FIELDSETS: readonly MemberFieldset[] = ['PUBLIC', 'EXTENDED', 'FULL'];

/** A string field of the member's profile record, or undefined. */
function profileText(member: MockMember, key: string): string | undefined {
  const value = member.profile[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The nickname the members API shows: the profile's `nickname`, else the first and last
 * name, else the part of the e-mail before the `@`.
 *
 * @example
 * ```ts
 * memberNickname(member); // 'Ada Lovelace'
 * ```
 */
export function memberNickname(member: MockMember): string {
  const names = [profileText(member, 'firstName'), profileText(member, 'lastName')]
    .filter((name) => name !== undefined)
    .join(' ');
  return profileText(member, 'nickname') ?? (names || (member.email.split('@')[0] ?? ''));
}

function slugOf(nickname: string): string {
  return (
    nickname
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'member'
  );
}

/**
 * A member as the members API answers it (REST field names: `id`, `createdDate`, …),
 * limited to the widest of `fieldsets`. The member's profile record gives the names
 * (`firstName`, `lastName`, `nickname`) and the photo (`picture`, a URL), as registration
 * and sign-on store them.
 *
 * @example
 * ```ts
 * json({ member: toApiMember(member, ['FULL']) });
 * ```
 */
export function toApiMember(
  member: MockMember,
  fieldsets: readonly MemberFieldset[],
): Record<string, unknown> {
  const widest = Math.max(0, ...fieldsets.map((fieldset) => MEMBER_FIELDSETS.indexOf(fieldset)));
  const nickname = memberNickname(member);
  const picture = profileText(member, 'picture');
  const title = profileText(member, 'title');
  const publicFields = {
    id: member.id,
    contactId: member.id,
    createdDate: member.createdDate,
    updatedDate: member.updatedDate,
    profile: {
      nickname,
      slug: profileText(member, 'slug') ?? slugOf(nickname),
      ...(picture
        ? { photo: { id: `photo-${member.id}`, url: picture, height: 0, width: 0 } }
        : {}),
      ...(title ? { title } : {}),
    },
    status: 'UNKNOWN',
    privacyStatus: 'UNKNOWN',
    activityStatus: 'UNKNOWN',
  };
  if (widest === 0) return publicFields;
  const extended = {
    ...publicFields,
    loginEmail: member.email,
    status: member.ownerApproved ? 'APPROVED' : 'PENDING',
    privacyStatus: 'PRIVATE',
    activityStatus: 'ACTIVE',
  };
  if (widest === 1) return extended;
  const firstName = profileText(member, 'firstName');
  const lastName = profileText(member, 'lastName');
  return {
    ...extended,
    loginEmailVerified: member.emailVerified,
    contact: {
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
      phones: [],
      emails: [member.email],
      addresses: [],
    },
  };
}

/**
 * The changes a member may make to their own member through the members API's update:
 * `profile.nickname`, `profile.title`, `profile.slug`, `profile.photo.url` and
 * `contact.firstName`/`contact.lastName`, as profile record fields; or the path of the
 * first of them that is not a string.
 *
 * @example
 * ```ts
 * memberChanges({ profile: { nickname: 'Ada' } }); // { changes: { nickname: 'Ada' } }
 * ```
 */
export function memberChanges(
  member: Record<string, unknown>,
): { readonly changes: Record<string, string> } | { readonly invalid: string } {
  const profile = (member['profile'] ?? {}) as Record<string, unknown>;
  const contact = (member['contact'] ?? {}) as Record<string, unknown>;
  const photo = (profile['photo'] ?? {}) as Record<string, unknown>;
  const fields: readonly (readonly [string, string, unknown])[] = [
    ['profile.nickname', 'nickname', profile['nickname']],
    ['profile.title', 'title', profile['title']],
    ['profile.slug', 'slug', profile['slug']],
    ['profile.photo.url', 'picture', photo['url']],
    ['contact.firstName', 'firstName', contact['firstName']],
    ['contact.lastName', 'lastName', contact['lastName']],
  ];
  const changes: Record<string, string> = {};
  for (const [path, key, value] of fields) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > 255) return { invalid: path };
    changes[key] = value;
  }
  return { changes };
}
