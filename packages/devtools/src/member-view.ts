import type { SessionEvent, SessionSnapshot } from '@site-identity/tokens';
import type { DevtoolsMember, DevtoolsOptions } from './options';

/** What the panel knows of the member. @internal */
export type MemberView =
  | { readonly state: 'unset' }
  | { readonly state: 'none' }
  | { readonly state: 'reading' }
  | { readonly state: 'read'; readonly member: DevtoolsMember | null }
  | { readonly state: 'failed'; readonly reason: string };

/** The events after which the session holds another member, or none. */
const MEMBER_CHANGES: readonly (SessionEvent | undefined)[] = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'SESSION_EXPIRED',
];

/** The "Member" row's text. Never a token. @internal */
export function memberText(view: MemberView): string {
  switch (view.state) {
    case 'unset':
      return '— (pass member: () => getCurrentMember(memberAuth))';
    case 'none':
      return '—';
    case 'reading':
      return 'reading…';
    case 'read':
      return view.member
        ? `${view.member.id} · ${view.member.loginEmail ?? 'no e-mail'}`
        : 'none (the platform answered no member)';
    case 'failed':
      return `not read: ${view.reason}`;
  }
}

/** A failure as the row shows it: its code when it has one, else its message. */
function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return code;
  return typeof message === 'string' ? message : String(error);
}

/**
 * Follows the member of a session for the panel: reads it with `options.member` when a
 * member's session begins (the first member snapshot, a sign-in), forgets it when the
 * session ends, and calls `changed` with each new view. A read that a later session
 * change overtook is dropped. @internal
 */
export function memberFollower(
  read: DevtoolsOptions['member'],
  changed: (view: MemberView) => void,
): (snapshot: SessionSnapshot, event?: SessionEvent) => void {
  let view: MemberView = { state: read ? 'none' : 'unset' };
  let round = 0;
  const show = (next: MemberView) => {
    view = next;
    changed(view);
  };
  return (snapshot, event) => {
    if (!read) return;
    const member = snapshot.status === 'member';
    const begins = member && (view.state === 'none' || MEMBER_CHANGES.includes(event));
    if (!member && view.state !== 'none') {
      round++;
      show({ state: 'none' });
    }
    if (!begins) return;
    const mine = ++round;
    show({ state: 'reading' });
    void Promise.resolve()
      .then(read)
      .then(
        (found) => mine === round && show({ state: 'read', member: found }),
        (error: unknown) => mine === round && show({ state: 'failed', reason: reasonOf(error) }),
      );
  };
}
