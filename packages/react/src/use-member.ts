import { useCallback, useEffect, useState } from 'react';
import type { PlatformError } from '@site-identity/http';
import type { MemberAuth, MemberAuthError } from '@site-identity/member-auth';
import { getCurrentMember, type CurrentMember } from '@site-identity/member-auth/current-member';
import type { SessionSnapshot } from '@site-identity/tokens';
import { requireInstance, useIdentityContext } from './identity-context';
import { useSessionSelector } from './use-session';

/**
 * Where {@link useMember} stands: `loading` (the session, or the member, is being
 * read), `visitor` (no member is signed in: nothing is read), `member` (the member is
 * there) or `error` (reading the member failed: see `error`).
 *
 * @example
 * ```ts
 * import type { MemberStatus } from '@site-identity/react/member';
 *
 * const busy = (status: MemberStatus) => status === 'loading';
 * ```
 */
export type MemberStatus = 'loading' | 'visitor' | 'member' | 'error';

/**
 * What {@link useMember} returns.
 *
 * @example
 * ```ts
 * import type { UseMemberResult } from '@site-identity/react/member';
 *
 * const name = ({ member }: UseMemberResult) => member?.contact.firstName ?? member?.profile.nickname;
 * ```
 */
export interface UseMemberResult {
  /** The signed-in member; `null` for a visitor, while loading, and after a failed first read. */
  readonly member: CurrentMember | null;
  /** Where the hook stands: see {@link MemberStatus}. */
  readonly status: MemberStatus;
  /** Why reading the member failed (`status: 'error'`): a `MemberAuthError`, or http's `ABORTED`. */
  readonly error: MemberAuthError | PlatformError | undefined;
  /**
   * Reads the member again (after a profile change; concurrent refetches share one
   * request). Resolves when the new member (or the error) is in the result; never rejects.
   * Does nothing for a visitor.
   */
  refetch(): Promise<void>;
}

/** What the hook keeps: the last read of the member. */
interface Read {
  readonly member: CurrentMember | null;
  readonly error: MemberAuthError | PlatformError | undefined;
}

const NO_READ: Read = { member: null, error: undefined };

/**
 * The session as the hook follows it: its status, and for a member the refresh token,
 * so that a renewal (or another session) asks the member client again; the member client
 * answers a renewal from what it keeps, without a request.
 */
const sessionOf = (snapshot: SessionSnapshot): string =>
  snapshot.status === 'member'
    ? `member ${snapshot.tokens?.refreshToken.value ?? ''}`
    : snapshot.status;

/** The member of `memberAuth`, or the error reading it: never rejects. */
const read = (memberAuth: MemberAuth, refresh: boolean): Promise<Read> =>
  getCurrentMember(memberAuth, { refresh }).then(
    (member) => ({ member, error: undefined }),
    // getCurrentMember rejects only with a MemberAuthError, or http's ABORTED.
    (error: unknown) => ({ member: null, error: error as MemberAuthError | PlatformError }),
  );

/**
 * The signed-in member, read once per member session through the provider's member
 * client (`getCurrentMember` of `@site-identity/member-auth/current-member`: any number of
 * components share one request): `{ member, status, error, refetch }`.
 *
 * Never reads for a visitor (`status: 'visitor'`, `member: null`). Reads again when the
 * session's member changes (a sign-in, a sign-out, an expired session); a renewal of the
 * tokens keeps the member shown, without a request. StrictMode's second effect joins
 * the first one's request. On a server and during hydration the status is `loading`.
 * Needs `<IdentityProvider memberAuth={…}>` (else it throws `MISSING_INSTANCE`).
 *
 * @example
 * ```tsx
 * import { useMember } from '@site-identity/react/member';
 *
 * function Welcome() {
 *   const { member, status, error, refetch } = useMember();
 *   if (status === 'loading') return <p>…</p>;
 *   if (status === 'error') return <button onClick={() => void refetch()}>{error?.message}: try again</button>;
 *   return <p>{member ? `Welcome, ${member.contact.firstName ?? member.profile.nickname}` : 'Welcome, guest'}</p>;
 * }
 * ```
 */
export function useMember(): UseMemberResult {
  const memberAuth = requireInstance(useIdentityContext('useMember'), 'memberAuth', 'useMember');
  const session = useSessionSelector('useMember', sessionOf);
  const [last, keep] = useState<Read>(NO_READ);
  const signedIn = session.startsWith('member');

  useEffect(() => {
    if (!signedIn) {
      // No member: forget the last one, so that the next member is never shown as this one.
      keep(NO_READ);
      return undefined;
    }
    let live = true;
    void read(memberAuth, false).then((next) => live && keep(next));
    return () => {
      live = false;
    };
  }, [memberAuth, session, signedIn]);

  const refetch = useCallback(
    async () => (signedIn ? keep(await read(memberAuth, true)) : undefined),
    [memberAuth, signedIn],
  );

  if (!signedIn)
    return {
      member: null,
      status: session === 'loading' ? 'loading' : 'visitor',
      error: undefined,
      refetch,
    };
  // Nothing read yet in any member session: loading. A renewal keeps the last member shown.
  if (last === NO_READ) return { member: null, status: 'loading', error: undefined, refetch };
  return {
    member: last.member,
    status: last.error ? 'error' : last.member ? 'member' : 'visitor',
    error: last.error,
    refetch,
  };
}
