// The separate import `@site-identity/member-auth/current-member`: the member's profile
// through the platform's members API, so that an app that greets no one does not carry it.
import { DEFAULT_TIMEOUT_MS, isPlatformError } from '@site-identity/http';
import {
  exchange,
  invalid,
  isRecord,
  keyedFlight,
  optionsOf,
  readAnswer,
  untilAborted,
} from '@site-identity/http/internal';
import type { CallSignal, MemberAuth } from '@site-identity/member-auth';
import type { SessionEvent, TokenManager } from '@site-identity/tokens';
import { rejectingWithMemberAuthError } from './account-error';
import { refused } from './input-checks';
import { internals, type MemberAuthInternals } from './internals';
import { invalidArgument } from './member-auth-error';

/**
 * The request `@wix/members`' `members.getCurrentMember({ fieldsets: ['FULL'] })` sends,
 * under the client's API base: the `FULL` fieldset is the one that holds the login
 * e-mail and the contact's names.
 *
 * @example
 * ```ts
 * import { CURRENT_MEMBER_PATH } from '@site-identity/member-auth/current-member';
 *
 * const url = `https://www.wixapis.com${CURRENT_MEMBER_PATH}`;
 * ```
 */
export const CURRENT_MEMBER_PATH = '/members/v1/members/my?fieldsets=FULL';

/**
 * A member's site access status, as the members API names it (`UNKNOWN` when the
 * answer says nothing else).
 *
 * @example
 * ```ts
 * import type { CurrentMemberStatus } from '@site-identity/member-auth/current-member';
 *
 * const approved: CurrentMemberStatus = 'APPROVED';
 * ```
 */
export type CurrentMemberStatus = 'APPROVED' | 'PENDING' | 'BLOCKED' | 'OFFLINE' | 'UNKNOWN';

const STATUSES: readonly CurrentMemberStatus[] = [
  'APPROVED',
  'PENDING',
  'BLOCKED',
  'OFFLINE',
  'UNKNOWN',
];

/**
 * The member's picture, as the members API answers it.
 *
 * @example
 * ```ts
 * import type { CurrentMemberPhoto } from '@site-identity/member-auth/current-member';
 *
 * const photo: CurrentMemberPhoto = { url: 'https://static.example/ada.png' };
 * ```
 */
export interface CurrentMemberPhoto {
  /** Where the picture is. */
  readonly url: string;
  /** Its width in pixels, when the platform says. */
  readonly width?: number | undefined;
  /** Its height in pixels, when the platform says. */
  readonly height?: number | undefined;
}

/**
 * The logged-in member, as {@link getCurrentMember} reads it from the members API: the
 * names of `@wix/members`' `Member` (`id` for its `_id`), the fields a site shows.
 * Text from the platform is kept as text, at most 1024 characters each.
 *
 * @example
 * ```ts
 * import type { CurrentMember } from '@site-identity/member-auth/current-member';
 *
 * const greeting = (member: CurrentMember) =>
 *   `Welcome, ${member.contact.firstName ?? member.profile.nickname ?? member.loginEmail ?? 'back'}`;
 * ```
 */
export interface CurrentMember {
  /** The member id (the identity id of the login answers). */
  readonly id: string;
  /** The e-mail the member logs in with. */
  readonly loginEmail?: string | undefined;
  /** The member's site access status (`PENDING` while awaiting the owner's approval). */
  readonly status: CurrentMemberStatus;
  /** The member's contact: the names they registered with. */
  readonly contact: {
    readonly firstName?: string | undefined;
    readonly lastName?: string | undefined;
  };
  /** The member's public profile. */
  readonly profile: {
    readonly nickname?: string | undefined;
    readonly photo?: CurrentMemberPhoto | undefined;
  };
}

/**
 * What {@link getCurrentMember} takes: a `signal`, and `refresh` to read the member
 * again (after a profile change).
 *
 * @example
 * ```ts
 * import type { CurrentMemberOptions } from '@site-identity/member-auth/current-member';
 *
 * const options: CurrentMemberOptions = { refresh: true, signal: AbortSignal.timeout(5000) };
 * ```
 */
export interface CurrentMemberOptions extends CallSignal {
  /**
   * Read the member again instead of the one kept for this session (after the member
   * changed their profile). Concurrent refreshes share one request. Default false.
   */
  refresh?: boolean | undefined;
}

/** What getCurrentMember uses of the client's token manager. */
type SessionTokens = Pick<TokenManager, 'getAccessToken' | 'isLoggedIn' | 'refresh' | 'subscribe'>;

/** The current member of one client: kept per member session, read at most once at a time. */
interface MemberSession {
  /** Moves on at each sign-in, sign-out and expiry: a new member session. */
  generation: number;
  /** Moves on at each refresh. */
  version: number;
  cached: { readonly key: string; readonly member: CurrentMember } | undefined;
  /** The key of the read a refresh started, while it runs. */
  refreshing: string | undefined;
  readonly flight: <T>(key: string, start: () => Promise<T>) => Promise<T>;
}

/** The events after which the session holds another member, or none. */
const SESSION_CHANGES: readonly (SessionEvent | undefined)[] = [
  'SIGNED_IN',
  'SIGNED_OUT',
  'SESSION_EXPIRED',
];
const MAX_TEXT = 1024;

const sessions = /* @__PURE__ */ new WeakMap<MemberAuthInternals, MemberSession>();

const keyOf = (session: MemberSession): string => `${session.generation}.${session.version}`;

/** The token manager of the client: one of createTokenManager, which tells its session changes. */
function sessionTokens(tokens: MemberAuthInternals['tokens']): SessionTokens {
  const manager = tokens as Partial<SessionTokens>;
  if (typeof manager.subscribe !== 'function' || typeof manager.refresh !== 'function')
    throw invalid(
      {
        name: "memberAuth's tokens",
        expected:
          'a token manager made by createTokenManager of @site-identity/tokens (getCurrentMember follows its session)',
        value: tokens,
      },
      invalidArgument,
    );
  return manager as SessionTokens;
}

/**
 * The member session state of a client, made at its first use: it follows the token
 * manager, and forgets the member when another member session begins or the last ends
 * (a renewal keeps it: the same member, a new refresh token).
 */
function memberSession(auth: MemberAuthInternals, tokens: SessionTokens): MemberSession {
  let session = sessions.get(auth);
  if (session === undefined) {
    const made: MemberSession = {
      generation: 0,
      version: 0,
      cached: undefined,
      refreshing: undefined,
      flight: keyedFlight(),
    };
    tokens.subscribe((snapshot, event) => {
      if (SESSION_CHANGES.includes(event)) made.generation++;
      if (SESSION_CHANGES.includes(event) || snapshot.status !== 'member') made.cached = undefined;
    });
    sessions.set(auth, (session = made));
  }
  return session;
}

/** Platform text, capped; undefined for anything that is not a non-empty string. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TEXT) : undefined;
}

const size = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** The {@link CurrentMember} of the members API's answer `{ member }`. */
function toCurrentMember(answer: unknown, url: string): CurrentMember {
  const member = isRecord(answer) && isRecord(answer['member']) ? answer['member'] : {};
  const id = text(member['id']);
  if (id === undefined)
    throw refused('SERVER_ERROR', `The members API answered GET ${url} without a member id`);
  const contact = isRecord(member['contact']) ? member['contact'] : {};
  const profile = isRecord(member['profile']) ? member['profile'] : {};
  const photo = isRecord(profile['photo']) ? profile['photo'] : {};
  const photoUrl = text(photo['url']);
  const status = STATUSES.find((known) => known === member['status']) ?? 'UNKNOWN';
  return {
    id,
    loginEmail: text(member['loginEmail']),
    status,
    contact: { firstName: text(contact['firstName']), lastName: text(contact['lastName']) },
    profile: {
      nickname: text(profile['nickname']),
      photo:
        photoUrl === undefined
          ? undefined
          : { url: photoUrl, width: size(photo['width']), height: size(photo['height']) },
    },
  };
}

/**
 * One read of the member: GET {@link CURRENT_MEMBER_PATH} with the manager's access
 * token; a 401 (a token the platform revoked) is answered with one renewal and one
 * retry. `null` when the renewal left a visitor.
 */
async function readMember(
  auth: MemberAuthInternals,
  tokens: SessionTokens,
): Promise<CurrentMember | null> {
  const url = `${auth.base}${CURRENT_MEMBER_PATH}`;
  for (let attempt = 1; ; attempt++) {
    const authorization = await tokens.getAccessToken();
    if (!tokens.isLoggedIn()) return null;
    try {
      const { data } = await exchange(
        { method: 'GET', url, headers: { authorization } },
        { fetch: auth.fetch, timeoutMs: DEFAULT_TIMEOUT_MS },
        { read: readAnswer },
      );
      return toCurrentMember(data, url);
    } catch (error) {
      if (attempt > 1 || !isPlatformError(error) || error.status !== 401) throw error;
      await tokens.refresh();
    }
  }
}

/** What {@link load} reads the member of a session with. */
interface MemberLoad {
  /** The client's internals: its API base and `fetch`. */
  readonly auth: MemberAuthInternals;
  /** The client's token manager: the access token, and one renewal after a 401. */
  readonly tokens: SessionTokens;
  /** Read the member again instead of the one kept (`getCurrentMember`'s `refresh`). */
  readonly refresh: boolean;
}

/** The member of the session: the one kept, the read running, or a new read. */
function load(
  session: MemberSession,
  { auth, tokens, refresh }: MemberLoad,
): Promise<CurrentMember | null> {
  if (!tokens.isLoggedIn()) return Promise.resolve(null);
  if (refresh && session.refreshing !== keyOf(session)) {
    session.version++;
    session.refreshing = keyOf(session);
  }
  const key = keyOf(session);
  const cached = session.cached;
  if (cached?.key === key) return Promise.resolve(cached.member);
  return session.flight(key, async () => {
    try {
      const member = await readMember(auth, tokens);
      // Kept only for the session it was read in.
      if (member !== null && key === keyOf(session)) session.cached = { key, member };
      return member;
    } finally {
      if (session.refreshing === key) session.refreshing = undefined;
    }
  });
}

/**
 * The logged-in member, read from the platform's members API with the request
 * `@wix/members`' `members.getCurrentMember({ fieldsets: ['FULL'] })` sends
 * (`GET {apiBase}/members/v1/members/my?fieldsets=FULL`, the access token in
 * `Authorization`), or `null` for a visitor (no request is made).
 *
 * One request per member session, however many callers: concurrent calls share the
 * read, and the member is kept until the session changes (a sign-in, a sign-out, an
 * expired session; a renewal of the tokens keeps it). `{ refresh: true }` reads it
 * again, after a profile change. A 401 (a token the platform revoked) gets one renewal
 * and one retry. A `signal` stops this caller's wait (`ABORTED`); the shared read goes
 * on for the others.
 *
 * Rejects only with a `MemberAuthError`: `INVALID_ARGUMENT` (a `memberAuth` not made by
 * `createMemberAuth`, or whose `tokens` are not a token manager of `createTokenManager`;
 * options not an object, `refresh` not a boolean; before any request), `NETWORK_ERROR`,
 * `SERVER_ERROR` (also an answer without a member id), `REQUEST_FAILED` (the platform's
 * refusal, with its status), or http's `PlatformError` `ABORTED`.
 *
 * @example
 * ```ts
 * import type { MemberAuth } from '@site-identity/member-auth';
 * import { getCurrentMember } from '@site-identity/member-auth/current-member';
 * declare const memberAuth: MemberAuth;
 * declare const heading: HTMLElement;
 *
 * const member = await getCurrentMember(memberAuth);
 * heading.textContent = member ? `Welcome, ${member.contact.firstName ?? member.profile.nickname}` : 'Welcome';
 * // After the member changed their profile:
 * await getCurrentMember(memberAuth, { refresh: true });
 * ```
 */
export function getCurrentMember(
  memberAuth: MemberAuth,
  options?: CurrentMemberOptions,
): Promise<CurrentMember | null> {
  return rejectingWithMemberAuthError(async () => {
    const auth = internals.borrow(memberAuth);
    const tokens = sessionTokens(auth.tokens);
    const { refresh = false } = optionsOf<CurrentMemberOptions>(
      options,
      'options',
      invalidArgument,
    );
    if (typeof refresh !== 'boolean')
      throw invalid({ name: 'refresh', expected: 'a boolean', value: refresh }, invalidArgument);
    const session = memberSession(auth, tokens);
    return untilAborted(() => load(session, { auth, tokens, refresh }), options, invalidArgument);
  });
}
