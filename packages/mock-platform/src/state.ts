import { createCollection, type CollectionInput, type MockCollection } from './collections';
import { MockPlatformError } from './mock-platform-error';
import { createMember, mfaInputProblem, type MemberInput, type MockMember } from './members';
import type { PlatformSettings, ResolvedOptions } from './options';
import { randomToken } from './random';
import { createTokenStore, type TokenStore } from './token-store';

/**
 * One e-mail the site sent.
 *
 * @example
 * ```ts
 * import type { OutboxEmail, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const email: OutboxEmail | undefined = platform.state.lastEmail({ kind: 'verification' });
 * console.log(email?.code);
 * ```
 */
export interface OutboxEmail {
  readonly to: string;
  readonly kind: 'verification' | 'recovery' | 'mfa' | 'activation';
  /** A verification or MFA code. */
  readonly code?: string;
  /** A recovery or activation link (it carries a `recoveryToken` query parameter). */
  readonly link?: string;
  /** Epoch milliseconds. */
  readonly time: number;
}

/**
 * One request the emulator answered (control API calls and CORS preflights are not logged).
 *
 * @example
 * ```ts
 * import type { RequestLogEntry, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const entries: RequestLogEntry[] = platform.state.requests.filter((entry) => entry.grantType === 'refresh_token');
 * ```
 */
export interface RequestLogEntry {
  readonly method: string;
  /** The host the request was sent to (`edge.wixapis.com` for a call through the CDN). */
  readonly host: string;
  /** The URL path, without the query. */
  readonly path: string;
  /** The token endpoint grant, `grantType` or `grant_type` of the body. */
  readonly grantType?: string;
  /** Epoch milliseconds when it arrived. */
  readonly time: number;
  /** The answer's status; 0 for an injected network failure or time-out. */
  status: number;
  /**
   * On a refresh grant: whether the token endpoint had already received this refresh
   * token in an earlier refresh grant (from anyone), decided when this request is
   * answered or processed. A request stopped by a fault before processing does not
   * count as receiving the token, but is still flagged when it repeats one.
   */
  refreshTokenReused?: boolean;
  /** True when a 'lost' fault processed the request and then dropped its answer (`status` is the answer lost). */
  lost?: boolean;
}

/**
 * A pending authentication step (e-mail verification or MFA) named by a state token.
 *
 * @example
 * ```ts
 * import type { PendingFlow, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const stateToken: string;
 * const flow: PendingFlow | undefined = platform.state.flows.get(stateToken);
 * ```
 */
export interface PendingFlow {
  readonly kind: 'verification' | 'mfa';
  readonly memberId: string;
  code: string;
  readonly expiresAt: number;
  /** MFA: the push transaction sent to the member's device, when push is a factor. */
  transactionId?: string;
  /** MFA: the WebAuthn challenge, when the member has a passkey; single-use. */
  webauthn?: { readonly challengeId: string; readonly challenge: string; used: boolean };
  /** MFA: the `mfaChallengeData` answered, repeated while a push request is pending. */
  challengeData?: Record<string, unknown>;
}

/**
 * A push sign-in request waiting on the member's device (`platform.state.push`):
 * the control API and the playground approve or deny it.
 *
 * @example
 * ```ts
 * import type { PushTransaction, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const pending: PushTransaction[] = [...platform.state.push.values()].filter((t) => t.status === 'PENDING');
 * ```
 */
export interface PushTransaction {
  readonly transactionId: string;
  readonly memberId: string;
  readonly email: string;
  status: 'PENDING' | 'APPROVED' | 'DENIED';
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * A passkey enrolment started by `POST /_mock/webauthn/registration-options`.
 *
 * @example
 * ```ts
 * import type { PasskeyRegistration } from '@site-identity/mock-platform';
 *
 * const pending: PasskeyRegistration = { memberId: 'm', rpId: 'localhost', origin: 'http://localhost:5173', expiresAt: 0 };
 * ```
 */
export interface PasskeyRegistration {
  readonly memberId: string;
  readonly rpId: string;
  readonly origin: string;
  readonly expiresAt: number;
}

/**
 * An authorization code awaiting its exchange.
 *
 * @example
 * ```ts
 * import type { AuthorizationCodeRecord, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * declare const code: string;
 * const record: AuthorizationCodeRecord | undefined = platform.state.codes.get(code);
 * console.log(record?.used);
 * ```
 */
export interface AuthorizationCodeRecord {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly memberId: string;
  readonly expiresAt: number;
  used: boolean;
}

/**
 * A redirect session the platform created.
 *
 * @example
 * ```ts
 * import type { RedirectSessionRecord, MockPlatform } from '@site-identity/mock-platform';
 * declare const platform: MockPlatform;
 * const last: RedirectSessionRecord | undefined = platform.state.redirectSessions.at(-1);
 * console.log(last?.intent);
 * ```
 */
export interface RedirectSessionRecord {
  readonly id: string;
  readonly intent: string;
  readonly fullUrl: string;
  readonly time: number;
}

/**
 * The emulator's memory: `platform.state`. Everything is mutable for tests.
 *
 * @example
 * ```ts
 * import type { PlatformState, MockPlatform } from '@site-identity/mock-platform';
 * import { expect } from 'vitest';
 * declare const platform: MockPlatform;
 * const state: PlatformState = platform.state;
 * state.addMember({ email: 'ada@example.com', password: 'secret' });
 * state.approveMember('ada@example.com');
 * expect(state.refreshTokenReuses).toBe(0);
 * ```
 */
export interface PlatformState {
  /** Site and token settings (changes apply to the next request). */
  readonly settings: PlatformSettings;
  /** Members by id. */
  readonly members: Map<string, MockMember>;
  /** Data collections by id (the data items API reads them). */
  readonly collections: Map<string, MockCollection>;
  /** Every e-mail sent, oldest first. */
  readonly outbox: OutboxEmail[];
  /** Every request answered, oldest first. */
  readonly requests: RequestLogEntry[];
  /** How many refresh grants in `requests` presented a refresh token already received (`refreshTokenReused`). */
  readonly refreshTokenReuses: number;
  /** Access and refresh tokens. */
  readonly tokens: TokenStore;
  /** Platform sessions (session tokens, also the hosted pages' cookie) → member id. */
  readonly sessions: Map<string, { memberId: string; expiresAt: number }>;
  /** State tokens of pending verification and MFA steps. */
  readonly flows: Map<string, PendingFlow>;
  /** Push sign-in requests by transaction id. */
  readonly push: Map<string, PushTransaction>;
  /** Passkey enrolments in progress, by their challenge (base64url). */
  readonly passkeyRegistrations: Map<string, PasskeyRegistration>;
  /** Authorization codes. */
  readonly codes: Map<string, AuthorizationCodeRecord>;
  /** Recovery tokens (recovery and activation links), single-use. */
  readonly recoveryTokens: Map<string, { memberId: string; expiresAt: number; used: boolean }>;
  /** Redirect sessions created, oldest first. */
  readonly redirectSessions: RedirectSessionRecord[];
  /** Adds a member; throws MockPlatformError('MEMBER_EXISTS') for a taken e-mail. */
  addMember(input: MemberInput): MockMember;
  /** Adds a data collection, or replaces the one with its id; throws MockPlatformError('INVALID_COLLECTION'). */
  addCollection(input: CollectionInput): MockCollection;
  /** The member with this e-mail (case-insensitive), or undefined. */
  findMember(email: string): MockMember | undefined;
  /** Grants owner approval; throws MockPlatformError('MEMBER_NOT_FOUND'). */
  approveMember(email: string): MockMember;
  /** The newest e-mail, optionally to an address and of a kind. */
  lastEmail(filter?: { to?: string; kind?: OutboxEmail['kind'] }): OutboxEmail | undefined;
  /** Starts a platform session for a member and returns its session token. */
  createSession(memberId: string): string;
  /** Empties everything and restores the settings, members and collections of the options. */
  clear(): void;
}

const SESSION_TTL_MS = 60 * 60 * 1000;

/**
 * Creates the emulator's state from resolved options.
 *
 * @example
 * ```ts
 * const state = createPlatformState(resolveOptions({ members: [{ email: 'ada@example.com', password: 'secret' }] }));
 * state.findMember('ada@example.com')?.emailVerified; // true
 * ```
 */
export function createPlatformState(options: ResolvedOptions): PlatformState {
  const settings: PlatformSettings = { ...options.settings };
  const members = new Map<string, MockMember>();
  const collections = new Map<string, MockCollection>();
  const sessions = new Map<string, { memberId: string; expiresAt: number }>();

  const findMember = (email: string): MockMember | undefined => {
    if (typeof email !== 'string') return undefined;
    const wanted = email.trim().toLowerCase();
    for (const member of members.values()) if (member.email === wanted) return member;
    return undefined;
  };

  const state: PlatformState = {
    settings,
    members,
    collections,
    outbox: [],
    requests: [],
    get refreshTokenReuses() {
      return state.requests.filter((entry) => entry.refreshTokenReused === true).length;
    },
    tokens: createTokenStore(options.now, () => settings.accessTokenTtlSeconds),
    sessions,
    flows: new Map(),
    push: new Map(),
    passkeyRegistrations: new Map(),
    codes: new Map(),
    recoveryTokens: new Map(),
    redirectSessions: [],
    addMember(input) {
      if (typeof input?.email !== 'string' || !input.email.includes('@')) {
        throw new MockPlatformError('a member needs an e-mail address', { code: 'INVALID_MEMBER' });
      }
      if (input.password !== undefined && typeof input.password !== 'string') {
        throw new MockPlatformError('a password must be a string', { code: 'INVALID_MEMBER' });
      }
      const factorProblem = mfaInputProblem(input.mfa);
      if (factorProblem) throw new MockPlatformError(factorProblem, { code: 'INVALID_MEMBER' });
      if (findMember(input.email))
        throw new MockPlatformError('a member with this e-mail exists', { code: 'MEMBER_EXISTS' });
      const member = createMember(input, options.now());
      members.set(member.id, member);
      return member;
    },
    addCollection(input) {
      const collection = createCollection(input, options.now());
      collections.set(collection.id, collection);
      return collection;
    },
    findMember,
    approveMember(email) {
      const member = findMember(email);
      if (member === undefined)
        throw new MockPlatformError('no member with this e-mail', { code: 'MEMBER_NOT_FOUND' });
      member.ownerApproved = true;
      return member;
    },
    lastEmail(filter = {}) {
      const to = filter.to?.trim().toLowerCase();
      for (let i = state.outbox.length - 1; i >= 0; i--) {
        const email = state.outbox[i] as OutboxEmail;
        if (
          (to === undefined || email.to === to) &&
          (filter.kind === undefined || email.kind === filter.kind)
        )
          return email;
      }
      return undefined;
    },
    createSession(memberId) {
      const token = randomToken('mock-st.');
      sessions.set(token, { memberId, expiresAt: options.now() + SESSION_TTL_MS });
      return token;
    },
    clear() {
      Object.assign(settings, options.settings);
      members.clear();
      state.outbox.length = 0;
      state.requests.length = 0;
      state.tokens.clear();
      sessions.clear();
      state.flows.clear();
      state.push.clear();
      state.passkeyRegistrations.clear();
      state.codes.clear();
      state.recoveryTokens.clear();
      state.redirectSessions.length = 0;
      collections.clear();
      for (const input of options.members) state.addMember(input);
      for (const input of options.collections) state.addCollection(input);
    },
  };
  for (const input of options.members) state.addMember(input);
  for (const input of options.collections) state.addCollection(input);
  return state;
}
