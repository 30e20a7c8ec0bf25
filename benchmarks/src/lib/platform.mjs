// The local mock platform in this process: @site-identity/mock-platform's
// handlers behind MSW's `setupServer`, answering at the production URL
// https://www.wixapis.com. Nothing leaves the process: a request no handler
// answers is an error. Requests are counted from the emulator's own log.
import { setupServer } from 'msw/node';
import { int } from './format.mjs';
import { loadOurs } from './ours.mjs';

export const CLIENT_ID = 'bench-client';
export const MEMBER = { email: 'member@example.com', password: 'bench-password-1' };

/** Starts the emulator (with one member) and intercepts `fetch` with it. */
export async function startPlatform() {
  const { createMockPlatform } = await loadOurs('@site-identity/mock-platform', [
    'createMockPlatform',
  ]);
  const platform = createMockPlatform({ members: [MEMBER] });
  const server = setupServer(...platform.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  return {
    platform,
    /** A mark in the request log, for `since`. */
    mark: () => platform.state.requests.length,
    /** The requests logged after `mark`, summarised. */
    since: (mark) => summarise(platform.state.requests.slice(mark)),
    /** Token pairs minted directly by the emulator, as its token endpoint would answer them. */
    issue: (role) => {
      const memberId = role === 'member' ? platform.state.findMember(MEMBER.email).id : undefined;
      return platform.state.tokens.issue({ role, clientId: CLIENT_ID, memberId });
    },
    close: () => server.close(),
  };
}

/** Count, count by grant (or path), and count of answers other than 200. */
export function summarise(entries) {
  const by = new Map();
  let failed = 0;
  for (const entry of entries) {
    const key = entry.grantType ?? `${entry.method} ${entry.path}`;
    by.set(key, (by.get(key) ?? 0) + 1);
    if (entry.status !== 200) failed += 1;
  }
  const detail = [...by].map(([key, count]) => `${key} ${int(count)}`).join(', ');
  return { total: entries.length, detail: detail || 'none', failed };
}

/** A token set, in the shape both libraries use, from an answer of the token endpoint. */
export function tokensFrom(answer, role, { expired = false } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    accessToken: {
      value: answer.access_token,
      expiresAt: expired ? now - 60 : now + answer.expires_in,
    },
    refreshToken: { value: answer.refresh_token, role },
  };
}
