// The tests' helpers (not part of the package entry): the emulated platform behind
// MSW with real clients over it, for the tests that run the core packages end to end;
// and fake sessions and a render counter, for the tests of the bindings alone.
import { Profiler, type ReactNode } from 'react';
import { createMemberAuth, type MemberAuth } from '@site-identity/member-auth';
import { createMockPlatform, type MockPlatform } from '@site-identity/mock-platform';
import { createRedirects, type Redirects } from '@site-identity/redirects';
import {
  createTokenManager,
  memoryStorage,
  type SessionListener,
  type SessionSnapshot,
  type TokenManager,
  type TokenRole,
  type Tokens,
} from '@site-identity/tokens';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const CLIENT_ID = 'app';
export const PAGE_ORIGIN = 'http://localhost:3000';
export const REDIRECT_URI = `${PAGE_ORIGIN}/callback`;
export const MEMBER = { email: 'ada@example.com', password: 'correct horse battery' };

/** One emulated platform for a test file, reset between tests, with clean storages and address bar. */
export function usePlatform(): MockPlatform {
  const platform = createMockPlatform({ members: [MEMBER] });
  const server = setupServer(...platform.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    platform.reset();
    sessionStorage.clear();
    localStorage.clear();
    window.history.replaceState(null, '', `${PAGE_ORIGIN}/`);
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return platform;
}

export interface Clients {
  readonly tokens: TokenManager;
  readonly redirects: Redirects;
  readonly memberAuth: MemberAuth;
}

/** A page load's worth of clients: a token manager, a redirect client and a member client. */
export function createClients(
  options: { navigate?: (url: string) => void; now?: () => number } = {},
): Clients {
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    storage: memoryStorage(),
    crossTab: false,
    autoRefresh: false,
    ...(options.now ? { now: options.now } : {}),
  });
  const redirects = createRedirects({
    clientId: CLIENT_ID,
    tokens,
    ...(options.navigate ? { navigate: options.navigate } : {}),
  });
  const memberAuth = createMemberAuth({ clientId: CLIENT_ID, tokens, redirects });
  return { tokens, redirects, memberAuth };
}

/** Signs in on the hosted page at `authUrl` as {@link MEMBER} and returns where it redirects the browser. */
export async function submitHostedLogin(platform: MockPlatform, authUrl: string): Promise<string> {
  const response = await platform.fetch(authUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...MEMBER, action: 'login' }).toString(),
  });
  const location = response.headers.get('location');
  if (response.status !== 303 || location === null)
    throw new Error(`The hosted page answered ${response.status}`);
  return location;
}

/** The requests of `grantType` the platform answered. */
export const grants = (platform: MockPlatform, grantType: string) =>
  platform.state.requests.filter((request) => request.grantType === grantType);

/** A token set of `role` whose values are obviously fake. */
export function tokensOf(role: TokenRole, expiresAt = 2_000_000_000): Tokens {
  return {
    accessToken: { value: `access-${role}`, expiresAt },
    refreshToken: { value: `refresh-${role}`, role },
  };
}

/** A frozen snapshot, as the token manager makes them. */
export function snapshotOf(
  status: SessionSnapshot['status'],
  tokens: Tokens | null = null,
): SessionSnapshot {
  return Object.freeze({ status, tokens });
}

/** A stand-in for the token manager's snapshot and subscriptions, driven by the test. */
export function fakeSession(initial: SessionSnapshot = snapshotOf('loading')) {
  let snapshot = initial;
  const listeners = new Set<SessionListener>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener: SessionListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Publishes `next` to every subscriber. */
    publish(next: SessionSnapshot) {
      snapshot = next;
      for (const listener of listeners) listener(next, 'TOKENS_REFRESHED');
    },
    /** Tells subscribers without changing the snapshot. */
    poke() {
      for (const listener of listeners) listener(snapshot);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** Wraps `children` in a Profiler that counts commits into `counter.commits`. */
export function Counted({
  counter,
  children,
}: {
  counter: { commits: number };
  children: ReactNode;
}) {
  return (
    <Profiler
      id="counted"
      onRender={() => {
        counter.commits++;
      }}
    >
      {children}
    </Profiler>
  );
}
