// Request economy of a page load: the requests made before the first access
// token is in hand, for a cold start (nothing stored), a warm reload (a new
// client over stored, valid visitor tokens) and a member's reload (member
// tokens stored, access token expired). Ours keeps the tokens in its storage;
// @wix/sdk is handed the tokens the app kept (`OAuthStrategy({ tokens })`).
import { setTimeout as sleep } from 'node:timers/promises';
import { OAuthStrategy } from '@wix/sdk';
import { int } from '../lib/format.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { CLIENT_ID, startPlatform, tokensFrom } from '../lib/platform.mjs';

export const title = 'Request economy: page loads';

/** Time after the first token during which late background requests are still counted. */
const SETTLE_MS = 100;

const SCENARIOS = [
  { label: 'Cold start', stored: () => null },
  { label: 'Warm reload', stored: (platform) => tokensFrom(platform.issue('visitor'), 'visitor') },
  {
    label: "Member's reload",
    stored: (platform) => {
      const tokens = tokensFrom(platform.issue('member'), 'member', { expired: true });
      platform.platform.state.tokens.expireAccessTokens();
      return tokens;
    },
  },
];

/** A page load with our token manager over storage that holds `stored`. */
async function ours(stored) {
  const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', [
    'createTokenManager',
    'memoryStorage',
  ]);
  const storage = memoryStorage();
  if (stored) {
    const previous = createTokenManager({ clientId: CLIENT_ID, storage });
    await previous.setTokens(stored);
    previous.dispose();
  }
  return async () => {
    const manager = createTokenManager({ clientId: CLIENT_ID, storage });
    await manager.getAccessToken();
    await sleep(SETTLE_MS);
    const role = (await manager.getTokens()).refreshToken.role;
    manager.dispose();
    return role;
  };
}

/** A page load with @wix/sdk's OAuth strategy, given the tokens the app kept. */
async function wix(stored) {
  return async () => {
    const strategy = OAuthStrategy({ clientId: CLIENT_ID, ...(stored && { tokens: stored }) });
    await strategy.getAuthHeaders();
    await sleep(SETTLE_MS);
    return strategy.getTokens().refreshToken.role;
  };
}

const CLIENTS = [
  { label: 'Site Identity', prepare: ours },
  { label: '@wix/sdk', prepare: wix },
];

export async function measure() {
  const result = {
    title,
    intro: `Requests counted by the mock platform from creating the client until ${SETTLE_MS} ms after its first access token.`,
    head: ['Page load', 'Client', 'Requests', 'By grant', 'Role afterwards'],
    rows: [],
    notes: [],
  };
  let platform;
  try {
    platform = await startPlatform();
  } catch (error) {
    for (const scenario of SCENARIOS)
      for (const client of CLIENTS)
        result.rows.push([scenario.label, client.label, failure(error), '', '']);
    return result;
  }
  for (const scenario of SCENARIOS) {
    for (const client of CLIENTS) {
      try {
        const load = await client.prepare(scenario.stored(platform));
        const mark = platform.mark();
        const role = await load();
        const requests = platform.since(mark);
        result.rows.push([
          scenario.label,
          client.label,
          int(requests.total),
          requests.detail,
          role,
        ]);
      } catch (error) {
        result.rows.push([scenario.label, client.label, failure(error), '', '']);
      }
    }
  }
  platform.close();
  return result;
}
