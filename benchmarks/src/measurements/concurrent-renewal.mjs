// Request economy under a burst: 1,000 concurrent requests for a token while
// the stored access token of a member has expired. Ours: `Promise.all` of 1,000
// `manager.getAccessToken()`; @wix/sdk: 1,000 concurrent `getAuthHeaders()` of
// `OAuthStrategy`. Counted by the emulator, once with refresh tokens rotated
// on every refresh grant (its default) and once with them kept.
import { OAuthStrategy } from '@wix/sdk';
import { int } from '../lib/format.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { CLIENT_ID, startPlatform, tokensFrom } from '../lib/platform.mjs';

export const title = 'Request economy: 1,000 concurrent token requests';

const CONCURRENT = 1000;

/** Our token manager: returns the access tokens handed out and the role afterwards. */
async function ours(tokens) {
  const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', [
    'createTokenManager',
    'memoryStorage',
  ]);
  const manager = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
  await manager.setTokens(tokens);
  return async () => {
    const handed = await Promise.all(
      Array.from({ length: CONCURRENT }, () => manager.getAccessToken()),
    );
    const role = (await manager.getTokens()).refreshToken.role;
    manager.dispose();
    return { handed, role };
  };
}

/** @wix/sdk's OAuth strategy over the same tokens. */
async function wix(tokens) {
  const strategy = OAuthStrategy({ clientId: CLIENT_ID, tokens });
  return async () => {
    const headers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => strategy.getAuthHeaders()),
    );
    return {
      handed: headers.map((h) => h.headers.Authorization),
      role: strategy.getTokens().refreshToken.role,
    };
  };
}

const CLIENTS = [
  { label: 'Site Identity', prepare: ours },
  { label: '@wix/sdk', prepare: wix },
];

const SETTINGS = [
  { label: 'rotated', rotate: true },
  { label: 'kept', rotate: false },
];

export async function measure() {
  const result = {
    title,
    intro:
      `A member's token set whose access token has expired; ${int(CONCURRENT)} concurrent calls for a token, counted by the mock platform (\`state.requests\`, in process through MSW). ` +
      '"Refresh tokens" is the emulator\'s setting: rotated (a refresh token works once, its default) or kept.',
    head: [
      'Client',
      'Refresh tokens',
      'Requests',
      'By grant',
      'Answers not 200',
      'Distinct tokens handed out',
      'Role afterwards',
    ],
    rows: [],
    notes: [],
  };
  let platform;
  try {
    platform = await startPlatform();
  } catch (error) {
    for (const setting of SETTINGS)
      for (const client of CLIENTS)
        result.rows.push([client.label, setting.label, failure(error), '', '', '', '']);
    return result;
  }
  for (const setting of SETTINGS) {
    platform.platform.state.settings.rotateRefreshTokens = setting.rotate;
    for (const client of CLIENTS) {
      try {
        const tokens = tokensFrom(platform.issue('member'), 'member', { expired: true });
        platform.platform.state.tokens.expireAccessTokens();
        const run = await client.prepare(tokens);
        const mark = platform.mark();
        const { handed, role } = await run();
        const requests = platform.since(mark);
        result.rows.push([
          client.label,
          setting.label,
          int(requests.total),
          requests.detail,
          int(requests.failed),
          int(new Set(handed).size),
          role,
        ]);
      } catch (error) {
        result.rows.push([client.label, setting.label, failure(error), '', '', '', '']);
      }
    }
  }
  platform.close();
  return result;
}
