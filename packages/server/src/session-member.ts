import { keyedFlight } from '@site-identity/http/internal';
import type { MemberAuth } from '@site-identity/member-auth';
import { getCurrentMember, type CurrentMember } from '@site-identity/member-auth/current-member';
import type { TokenManager, Tokens } from '@site-identity/tokens';
import { sha256Hex } from './base64url';

/**
 * How long the member read for one access token answers the session's later requests
 * (a page render, its data requests): long enough that a page does not call the platform
 * per render, short enough that a profile changed elsewhere shows within a minute.
 */
export const MEMBER_CACHE_MS = 60_000;

/** How many sessions' members one process keeps at most; the oldest go first. */
export const MEMBER_CACHE_ENTRIES = 1_000;

/** What one read of a session's member came to. @internal */
export interface MemberRead {
  /** The member, or `null` when the session holds none or the read failed. */
  readonly member: CurrentMember | null;
  /**
   * The session's tokens when the read renewed them (the platform refused the access
   * token and the refresh token gave a member new ones): they must be stored.
   */
  readonly renewed?: Tokens;
  /** Why the member could not be read. */
  readonly error?: unknown;
}

/** The clients of one request acting for a session, as the platform clients make them. @internal */
export type MemberClients = (
  tokens: Tokens,
) => Promise<{ readonly tokens: TokenManager; readonly memberAuth: () => MemberAuth }>;

interface Kept {
  readonly member: CurrentMember;
  readonly until: number;
}

/**
 * Reads the member of a session with `getCurrentMember` of
 * `@site-identity/member-auth/current-member` (the members API's request), through the
 * clients of the request. Concurrent requests of one session share the read, and its
 * member answers the session's requests for {@link MEMBER_CACHE_MS} (keyed by the
 * access token's SHA-256, so a renewal or another member reads afresh); `refresh` reads
 * again. A visitor's session makes no request. Never rejects: a failure is `error`. @internal
 */
export function memberReader(options: {
  readonly clientsFor: MemberClients;
  readonly now: () => number;
}): (tokens: Tokens, read: { readonly refresh: boolean }) => Promise<MemberRead> {
  const { clientsFor, now } = options;
  const kept = new Map<string, Kept>();
  const once = keyedFlight();

  function keep(key: string, member: CurrentMember): void {
    kept.delete(key);
    kept.set(key, { member, until: now() + MEMBER_CACHE_MS });
    for (const oldest of kept.keys()) {
      if (kept.size <= MEMBER_CACHE_ENTRIES) break;
      kept.delete(oldest);
    }
  }

  async function fromPlatform(key: string, tokens: Tokens): Promise<MemberRead> {
    const clients = await clientsFor(tokens);
    try {
      const member = await getCurrentMember(clients.memberAuth());
      const after = clients.tokens.getSnapshot().tokens;
      // A read that lost the member stores nothing: the session's own renewal decides.
      if (member === null || after?.refreshToken.role !== 'member') return { member: null };
      const renewed = after.accessToken.value === tokens.accessToken.value ? undefined : after;
      if (renewed === undefined) keep(key, member);
      return { member, ...(renewed && { renewed }) };
    } finally {
      clients.tokens.dispose();
    }
  }

  return async (tokens, { refresh }) => {
    if (tokens.refreshToken.role !== 'member') return { member: null };
    try {
      const key = await sha256Hex(tokens.accessToken.value);
      const found = kept.get(key);
      if (found && !refresh && found.until > now()) return { member: found.member };
      return await once(refresh ? `${key}.refresh` : key, () => fromPlatform(key, tokens));
    } catch (error) {
      return { member: null, error };
    }
  };
}
