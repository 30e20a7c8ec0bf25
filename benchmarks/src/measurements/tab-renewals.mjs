// Refresh requests per token lifetime with 8 tabs: eight token managers of one site,
// sharing one storage, a lock manager and a BroadcastChannel (as the tabs of a
// browser do), each asking for a token every 20–80 ms while the access token lives
// 1 s. The ideal is 1.00: one renewal per lifetime for all tabs together. Counted by
// the mock platform, with refresh token reuse revoking the family.
import { createMockPlatform } from '@site-identity/mock-platform';
import { failure, loadOurs } from '../lib/ours.mjs';
import { CLIENT_ID } from '../lib/platform.mjs';
import { inProcessLocks, sharedStorage } from '../lib/tabs.mjs';

export const title = 'Refresh requests per token lifetime with 8 tabs';

const TABS = 8;
const LIFETIMES = 6;
const TTL_SECONDS = 1;

async function run(createTokenManager, crossTab) {
  const platform = createMockPlatform({
    accessTokenTtlSeconds: TTL_SECONDS,
    refreshTokenReuse: 'revoke-family',
  });
  const storage = sharedStorage();
  const locks = inProcessLocks();
  const tabs = Array.from({ length: TABS }, () =>
    createTokenManager({
      clientId: CLIENT_ID,
      storage,
      // An answer takes 30–80 ms, as over a network.
      fetch: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 30 + Math.random() * 50));
        return platform.fetch(request);
      },
      leewaySeconds: 0,
      crossTab: crossTab && { locks, openPort: (name) => new BroadcastChannel(name) },
      onError: () => {},
    }),
  );
  const issued = platform.state.tokens.issue({
    role: 'member',
    clientId: CLIENT_ID,
    memberId: 'm',
  });
  await tabs[0].setTokens({
    accessToken: {
      value: issued.access_token,
      expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS,
    },
    refreshToken: { value: issued.refresh_token, role: 'member' },
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = platform.state.requests.length;
  const end = Date.now() + LIFETIMES * TTL_SECONDS * 1000;
  let failures = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      while (Date.now() < end) {
        await tab.getTokens().catch(() => failures++);
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60));
      }
    }),
  );
  const requests = platform.state.requests.slice(before).filter((r) => r.grantType);
  const refreshes = requests.filter((r) => r.grantType === 'refresh_token');
  const members = tabs.filter((tab) => tab.isLoggedIn()).length;
  for (const tab of tabs) tab.dispose();
  return {
    perLifetime: refreshes.length / LIFETIMES,
    presentedTwice: refreshes.filter((r) => r.refreshTokenReused).length,
    anonymous: requests.filter((r) => r.grantType === 'anonymous').length,
    members,
    failures,
  };
}

export async function measure() {
  const result = {
    title,
    intro:
      `${TABS} token managers of one site share a storage, a lock manager and a BroadcastChannel, as the tabs of a browser do; each asks for a token every 20–80 ms (answers take 30–80 ms) for ${LIFETIMES} lifetimes of a ${TTL_SECONDS} s access token. ` +
      'Counted by the mock platform (refresh token reuse revokes the family). The ideal is 1.00 refresh request per lifetime.',
    head: [
      'Tabs',
      'Cross-tab',
      'Refresh requests per lifetime',
      'Refresh tokens presented twice',
      'Visitor fallbacks',
      'Tabs still member',
      'Calls rejected',
    ],
    rows: [],
    notes: [],
  };
  let createTokenManager;
  try {
    ({ createTokenManager } = await loadOurs('@site-identity/tokens', ['createTokenManager']));
  } catch (error) {
    result.rows.push([String(TABS), 'on', failure(error), '', '', '', '']);
    return result;
  }
  for (const crossTab of [true, false]) {
    try {
      const r = await run(createTokenManager, crossTab);
      result.rows.push([
        String(TABS),
        crossTab ? 'on (Web Lock + BroadcastChannel)' : 'off (each tab alone)',
        r.perLifetime.toFixed(2),
        String(r.presentedTwice),
        String(r.anonymous),
        `${r.members} of ${TABS}`,
        String(r.failures),
      ]);
    } catch (error) {
      result.rows.push([String(TABS), String(crossTab), failure(error), '', '', '', '']);
    }
  }
  result.notes.push(
    'With cross-tab off every tab renews on its own: the same refresh token is presented by several tabs, and the platform revokes the family.',
  );
  return result;
}
