import { isObject, objectAt, parseJsonBody, type RouteContext } from '../context';
import { MEMBER_FIELDSETS, memberChanges, toApiMember, type MemberFieldset } from '../members-api';
import { applicationError, json, validationError } from '../responses';

/**
 * GET members `/v1/members/my` (`@wix/members` `members.getCurrentMember()`), query
 * `fieldsets` (repeated; default `PUBLIC`) → `{ member }`. A member's token only (the
 * router answers a visitor's with 403 `PERMISSION_DENIED`).
 *
 * @example
 * ```ts
 * // GET /members/v1/members/my?fieldsets=FULL → { member: { id, loginEmail, contact: { firstName, lastName }, profile: { nickname, photo } } }
 * ```
 */
export function getMyMemberRoute(context: RouteContext): Response {
  const fieldsets = context.url.searchParams.getAll('fieldsets');
  const unknown = fieldsets.find(
    (fieldset) => !(MEMBER_FIELDSETS as readonly string[]).includes(fieldset),
  );
  if (unknown !== undefined)
    return validationError([
      {
        field: 'fieldsets',
        description: `must be ${MEMBER_FIELDSETS.join(', ')}; got ${JSON.stringify(unknown.slice(0, 40))}`,
      },
    ]);
  const member = context.state.members.get(context.caller?.memberId ?? '');
  if (member === undefined) return applicationError(404, 'MEMBER_NOT_FOUND', 'Member not found');
  return json({ member: toApiMember(member, fieldsets as MemberFieldset[]) });
}

/**
 * PATCH members `/v1/members/{id}` (`@wix/members` `members.updateMember(id, member)`),
 * `{ member: { id, profile?, contact? } }` → `{ member }` (the `FULL` fieldset). A member
 * may update only their own member (else 403 `PERMISSION_DENIED`); the names, nickname,
 * title, slug and photo URL are kept in the member's profile record.
 *
 * @example
 * ```ts
 * // PATCH /members/v1/members/<own id> { member: { profile: { nickname: 'Ada' } } } → { member }
 * ```
 */
export function updateMemberRoute(context: RouteContext): Response {
  const id = context.params[0] ?? '';
  const member = context.state.members.get(id);
  if (member === undefined || context.caller?.memberId !== id)
    return applicationError(403, 'PERMISSION_DENIED', 'A member may update only their own member');
  const body = parseJsonBody(context.rawBody);
  if (body instanceof Response) return body;
  const update = objectAt(body, 'member');
  if (!isObject(update))
    return validationError([{ field: 'member', description: 'must be an object' }]);
  const found = memberChanges(update);
  if ('invalid' in found)
    return validationError([
      { field: `member.${found.invalid}`, description: 'must be a string of 255 at most' },
    ]);
  member.profile = { ...member.profile, ...found.changes };
  member.updatedDate = new Date(context.now()).toISOString();
  return json({ member: toApiMember(member, ['FULL']) });
}
