// Real @wix/members and @wix/data module calls through @wix/sdk's createClient, with our
// session: the strategy and renewing fetch on a token manager, and the drop-in.
import { items } from '@wix/data';
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { describe, expect, test } from 'vitest';
import { createAuthStrategy } from './auth-strategy';
import { OAuthStrategy } from './oauth-strategy';
import { createRenewingFetch } from './renewing-fetch';
import { CLIENT_ID, grants, issuedTokens, submitHostedLogin, usePlatform } from './test-platform';
import type { TokenManager } from '@site-identity/tokens';

const { platform, createManager } = usePlatform();

/** What each module call carried: its host and Authorization. */
function recordingFetch() {
  const sent: { host: string; path: string; authorization: string | null }[] = [];
  const send = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push({
      host: url.host,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
    });
    return fetch(request);
  };
  return { sent, send };
}

/** A client with members and data modules on `tokens`, sending through `send`. */
const strategyClient = (tokens: TokenManager, send: typeof fetch) =>
  createClient({
    modules: { members, items },
    auth: createAuthStrategy(tokens),
    fetch: createRenewingFetch(tokens, { fetch: send }),
  });

const moduleCalls = (platform: ReturnType<typeof usePlatform>['platform']) =>
  platform.state.requests.filter((request) => !request.path.startsWith('/oauth2/'));

describe('createAuthStrategy with @wix/members and @wix/data', () => {
  test('the visitor token in Authorization, the CDN host, the products listed', async () => {
    const tokens = createManager();
    const { sent, send } = recordingFetch();
    const client = strategyClient(tokens, send);
    const { items: products } = await client.items.query('Products').find();
    expect(products.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      host: 'edge.wixapis.com',
      authorization: tokens.getSnapshot().tokens?.accessToken.value,
    });
    expect(sent[0]?.authorization).not.toMatch(/^Bearer/i);
    expect(moduleCalls(platform).map((request) => request.host)).toEqual(['edge.wixapis.com']);
    expect(grants(platform, 'anonymous')).toBe(1);
  });

  test('20 concurrent calls after expiry: one renewal, every call answered', async () => {
    const tokens = createManager();
    await tokens.setTokens(issuedTokens(platform, 'member', -10));
    const { sent, send } = recordingFetch();
    const client = strategyClient(tokens, send);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? client.members.getCurrentMember() : client.items.query('Products').find(),
      ),
    );
    expect(answers).toHaveLength(20);
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(new Set(sent.map((call) => call.authorization))).toEqual(
      new Set([tokens.getSnapshot().tokens?.accessToken.value]),
    );
  });

  test('a revoked access token: one renewal and a retry, the member greeted', async () => {
    const tokens = createManager();
    const held = issuedTokens(platform, 'member');
    await tokens.setTokens(held);
    platform.state.tokens.revoke({ token: held.accessToken.value });
    const { sent, send } = recordingFetch();
    const client = strategyClient(tokens, send);
    const { member } = await client.members.getCurrentMember();
    expect(member?.profile?.nickname).toBe('Ada');
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(sent.map((call) => call.authorization)).toEqual([
      held.accessToken.value,
      tokens.getSnapshot().tokens?.accessToken.value,
    ]);
  });

  test('without the renewing fetch, the 401 reaches the app (as with @wix/sdk)', async () => {
    const tokens = createManager();
    const held = issuedTokens(platform, 'member');
    await tokens.setTokens(held);
    platform.state.tokens.revoke({ token: held.accessToken.value });
    const client = createClient({ modules: { members }, auth: createAuthStrategy(tokens) });
    await expect(client.members.getCurrentMember()).rejects.toBeTruthy();
    expect(grants(platform, 'refresh_token')).toBe(0);
  });
});

describe('the drop-in OAuthStrategy with @wix/members', () => {
  test('hosted login greets the member by name; after logout the member is gone', async () => {
    const auth = OAuthStrategy({ clientId: CLIENT_ID });
    const client = createClient({
      modules: { members, items },
      auth,
      fetch: createRenewingFetch(auth.tokens),
    });
    await expect(client.members.getCurrentMember()).rejects.toBeTruthy(); // a visitor has no member
    const oauthData = auth.generateOAuthData('https://shop.example/callback');
    const { authUrl } = await auth.getAuthUrl(oauthData);
    const { code, state } = auth.parseFromUrl(await submitHostedLogin(platform, authUrl));
    auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
    const { member } = await client.members.getCurrentMember();
    expect(member?.profile?.nickname).toBe('Ada');
    await auth.logout('https://shop.example/');
    expect(auth.loggedIn()).toBe(false);
    await expect(client.members.getCurrentMember()).rejects.toBeTruthy();
    // The products stay readable for the visitor the logout left.
    expect((await client.items.query('Products').find()).items.length).toBeGreaterThan(0);
  });

  test('100 concurrent module calls with an expired member token: one renewal', async () => {
    const auth = OAuthStrategy({
      clientId: CLIENT_ID,
      tokens: issuedTokens(platform, 'member', -10),
    });
    const client = createClient({ modules: { items }, auth });
    await Promise.all(Array.from({ length: 100 }, () => client.items.query('Products').find()));
    expect(grants(platform, 'refresh_token')).toBe(1);
    expect(grants(platform, 'anonymous')).toBe(0);
    expect(auth.loggedIn()).toBe(true);
    expect(new Set(moduleCalls(platform).map((request) => request.host))).toEqual(
      new Set(['edge.wixapis.com']),
    );
  });
});
