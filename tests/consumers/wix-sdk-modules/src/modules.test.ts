// @wix/sdk's createClient with the real @wix/members and @wix/data modules, on our
// session, against the mock platform's HTTP server: the token manager behind
// createAuthStrategy and createRenewingFetch, and the drop-in OAuthStrategy.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createMemberAuth } from '@site-identity/member-auth';
import { createTestBrowser } from '@site-identity/mock-platform/testing';
import { createRedirects } from '@site-identity/redirects';
import { createTokenManager, memoryStorage, type TokenManager } from '@site-identity/tokens';
import {
  createAuthStrategy,
  createRenewingFetch,
  OAuthStrategy,
  type OAuthStrategyClient,
} from '@site-identity/wix-sdk';
import { items } from '@wix/data';
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import {
  CLIENT_ID,
  grants,
  MEMBER,
  requestsTo,
  startLoopbackPlatform,
  type LoopbackPlatform,
} from './loopback-platform.js';

const APP_URL = 'http://localhost:3000/';
const CURRENT_MEMBER = '/members/v1/members/my';

let loopback: LoopbackPlatform;
before(async () => {
  loopback = await startLoopbackPlatform();
});
after(() => loopback.close());
const disposals: (() => void)[] = [];
beforeEach(() => {
  for (const dispose of disposals.splice(0)) dispose();
  loopback.platform.reset();
  loopback.sent.length = 0;
});
after(() => disposals.forEach((dispose) => dispose()));

const moduleCalls = () => loopback.sent.filter((call) => !call.path.startsWith('/oauth2/'));
const roleOf = (token: string | null | undefined) =>
  token ? loopback.platform.state.tokens.describe(token)?.role : undefined;
const accessTokenOf = (tokens: TokenManager) => tokens.getSnapshot().tokens?.accessToken.value;
/** The HTTP status of `call`'s rejection, as @wix/sdk reports it. */
async function rejectionStatus(call: Promise<unknown>): Promise<number | undefined> {
  const error = await call.then(
    () => assert.fail('the call should have been refused'),
    (reason: unknown) => reason as { response?: { status?: number }; details?: unknown },
  );
  return error.response?.status;
}

/** Our session: a token manager on the loopback platform, with a clock the test moves. */
function createSession() {
  const clock = { ms: Date.now() };
  const tokens = createTokenManager({
    clientId: CLIENT_ID,
    apiBaseUrl: loopback.apiUrl,
    storage: memoryStorage(),
    crossTab: false,
    now: () => clock.ms,
  });
  disposals.push(() => tokens.dispose());
  // In Node there is no page: the mock platform's test tab runs the login's hidden frame.
  const browser = createTestBrowser(loopback.platform, { url: APP_URL });
  const redirects = createRedirects({ tokens, window: browser.window });
  const memberAuth = createMemberAuth({ tokens, redirects });
  const client = createClient({
    modules: { members, items },
    auth: createAuthStrategy(tokens),
    fetch: createRenewingFetch(tokens, { fetch: loopback.fetch }),
  });
  return { clock, tokens, redirects, memberAuth, client };
}

async function logIn(memberAuth: ReturnType<typeof createSession>['memberAuth']) {
  const result = await memberAuth.login(MEMBER);
  assert.equal(result.loginState, 'SUCCESS');
}

describe('createAuthStrategy and createRenewingFetch on a token manager', () => {
  test('the visitor token, raw in Authorization, on the CDN host', async () => {
    const { tokens, client } = createSession();
    const { items: products } = await client.items.query('Products').find();
    assert.ok(products.length > 0);
    assert.deepEqual(moduleCalls(), [
      {
        host: 'edge.wixapis.com',
        path: '/wix-data/v2/items/query',
        authorization: accessTokenOf(tokens),
      },
    ]);
    assert.equal(roleOf(moduleCalls()[0]?.authorization), 'visitor');
    const [query] = requestsTo(loopback.platform, '/wix-data/');
    assert.equal(query?.host, loopback.cdnHost);
    assert.equal(query?.status, 200);
    assert.equal(grants(loopback.platform, 'anonymous'), 1);
  });

  test('useCDN: false sends module calls to the API host', async () => {
    const { tokens } = createSession();
    const client = createClient({
      modules: { items },
      auth: createAuthStrategy(tokens, { useCDN: false }),
      fetch: createRenewingFetch(tokens, { fetch: loopback.fetch }),
    });
    await client.items.query('Products').find();
    assert.deepEqual(
      moduleCalls().map((call) => call.host),
      ['www.wixapis.com'],
    );
    assert.equal(requestsTo(loopback.platform, '/wix-data/')[0]?.host, loopback.apiHost);
  });

  test('after login the member is greeted by name, with the member token', async () => {
    const { tokens, memberAuth, client } = createSession();
    await logIn(memberAuth);
    const { member } = await client.members.getCurrentMember();
    assert.equal(member?.profile?.nickname, 'Ada');
    const [call] = moduleCalls();
    assert.equal(call?.authorization, accessTokenOf(tokens));
    assert.equal(roleOf(call?.authorization), 'member');
    assert.doesNotMatch(call?.authorization ?? '', /^Bearer/i);
    assert.deepEqual(
      requestsTo(loopback.platform, CURRENT_MEMBER).map((r) => [r.host, r.status]),
      [[loopback.cdnHost, 200]],
    );
  });

  test('20 concurrent module calls after expiry: one renewal, every call answered', async () => {
    const { clock, tokens, memberAuth, client } = createSession();
    await logIn(memberAuth);
    const before = accessTokenOf(tokens);
    const refreshesBefore = grants(loopback.platform, 'refresh_token');
    const tokenRequestsBefore = requestsTo(loopback.platform, '/oauth2/token').length;
    clock.ms += 2 * 3600 * 1000; // the access token's hour is over by the app's clock
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? client.members.getCurrentMember() : client.items.query('Products').find(),
      ),
    );
    assert.equal(answers.length, 20);
    assert.equal(grants(loopback.platform, 'refresh_token') - refreshesBefore, 1);
    // one token request in all: no visitor tokens, no second refresh
    assert.equal(requestsTo(loopback.platform, '/oauth2/token').length - tokenRequestsBefore, 1);
    const after = accessTokenOf(tokens);
    assert.notEqual(after, before);
    assert.deepEqual(new Set(moduleCalls().map((call) => call.authorization)), new Set([after]));
    assert.equal(roleOf(after), 'member');
    assert.ok(requestsTo(loopback.platform, CURRENT_MEMBER).every((r) => r.status === 200));
  });

  test('a revoked access token: one renewal and one retry, the member still greeted', async () => {
    const { tokens, memberAuth, client } = createSession();
    await logIn(memberAuth);
    const revoked = accessTokenOf(tokens);
    assert.ok(revoked);
    loopback.platform.state.tokens.revoke({ token: revoked });
    const refreshesBefore = grants(loopback.platform, 'refresh_token');
    const { member } = await client.members.getCurrentMember();
    assert.equal(member?.profile?.nickname, 'Ada');
    assert.equal(grants(loopback.platform, 'refresh_token') - refreshesBefore, 1);
    assert.deepEqual(
      requestsTo(loopback.platform, CURRENT_MEMBER).map((r) => r.status),
      [401, 200],
    );
    assert.deepEqual(
      moduleCalls().map((call) => call.authorization),
      [revoked, accessTokenOf(tokens)],
    );
  });

  test('after logout the member is gone: 403 for the current member', async () => {
    const { tokens, redirects, memberAuth, client } = createSession();
    await logIn(memberAuth);
    assert.equal((await client.members.getCurrentMember()).member?.profile?.nickname, 'Ada');
    const logoutUrl = await redirects.logout({ postLogoutRedirectUri: APP_URL });
    assert.match(logoutUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.equal(tokens.isLoggedIn(), false);
    assert.equal(await rejectionStatus(client.members.getCurrentMember()), 403);
    assert.deepEqual(
      requestsTo(loopback.platform, CURRENT_MEMBER).map((r) => r.status),
      [200, 403],
    );
    assert.notEqual(roleOf(moduleCalls().at(-1)?.authorization), 'member');
  });
});

describe('the drop-in OAuthStrategy', () => {
  /** The drop-in on the loopback platform; module calls renewed on a 401. */
  function createDropIn(tokens?: Parameters<typeof OAuthStrategy>[0]['tokens']) {
    const auth: OAuthStrategyClient = OAuthStrategy({
      clientId: CLIENT_ID,
      apiBaseUrl: loopback.apiUrl,
      ...(tokens && { tokens }),
    });
    disposals.push(() => auth.tokens.dispose());
    const client = createClient({
      modules: { members, items },
      auth,
      fetch: createRenewingFetch(auth.tokens, { fetch: loopback.fetch }),
    });
    return { auth, client };
  }

  /** Hosted login as the platform's docs write it; the member's form posted over HTTP. */
  async function hostedLogin(auth: OAuthStrategyClient) {
    const oauthData = auth.generateOAuthData(`${APP_URL}callback`, APP_URL);
    const { authUrl } = await auth.getAuthUrl(oauthData);
    assert.match(authUrl, /^http:\/\/127\.0\.0\.1:\d+\/_hosted\//);
    const page = await fetch(authUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...MEMBER, action: 'login' }).toString(),
      redirect: 'manual',
    });
    assert.equal(page.status, 303);
    const { code, state, error } = auth.parseFromUrl(page.headers.get('location') ?? '');
    assert.equal(error, undefined);
    auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
    assert.equal(auth.loggedIn(), true);
  }

  test('the visitor token in Authorization, on the CDN host', async () => {
    const { auth, client } = createDropIn();
    const { items: products } = await client.items.query('Products').find();
    assert.ok(products.length > 0);
    const [call] = moduleCalls();
    assert.equal(call?.host, 'edge.wixapis.com');
    assert.equal(call?.authorization, auth.getTokens().accessToken.value);
    assert.equal(roleOf(call?.authorization), 'visitor');
    assert.equal(requestsTo(loopback.platform, '/wix-data/')[0]?.host, loopback.cdnHost);
  });

  test('hosted login greets the member by name; after logout the member is gone', async () => {
    const { auth, client } = createDropIn();
    await hostedLogin(auth);
    const { member } = await client.members.getCurrentMember();
    assert.equal(member?.profile?.nickname, 'Ada');
    assert.equal(moduleCalls().at(-1)?.authorization, auth.getTokens().accessToken.value);
    assert.equal(roleOf(moduleCalls().at(-1)?.authorization), 'member');
    const { logoutUrl } = await auth.logout(APP_URL);
    assert.match(logoutUrl, /^http:\/\/127\.0\.0\.1:\d+\//);
    assert.equal(auth.loggedIn(), false);
    assert.equal(await rejectionStatus(client.members.getCurrentMember()), 403);
    assert.deepEqual(
      requestsTo(loopback.platform, CURRENT_MEMBER).map((r) => r.status),
      [200, 403],
    );
  });

  test('20 concurrent module calls with an expired member token: one renewal', async () => {
    const { auth: first } = createDropIn();
    await hostedLogin(first);
    const held = first.getTokens();
    // The app's stored tokens, their access token past its expiry.
    const expired = {
      ...held,
      accessToken: { ...held.accessToken, expiresAt: Math.floor(Date.now() / 1000) - 10 },
    };
    const { auth, client } = createDropIn(expired);
    loopback.sent.length = 0;
    const refreshesBefore = grants(loopback.platform, 'refresh_token');
    const tokenRequestsBefore = requestsTo(loopback.platform, '/oauth2/token').length;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? client.members.getCurrentMember() : client.items.query('Products').find(),
      ),
    );
    assert.equal(grants(loopback.platform, 'refresh_token') - refreshesBefore, 1);
    assert.equal(requestsTo(loopback.platform, '/oauth2/token').length - tokenRequestsBefore, 1);
    assert.equal(auth.loggedIn(), true);
    const renewed = auth.getTokens().accessToken.value;
    assert.notEqual(renewed, held.accessToken.value);
    assert.deepEqual(new Set(moduleCalls().map((call) => call.authorization)), new Set([renewed]));
    assert.deepEqual(
      new Set(moduleCalls().map((call) => call.host)),
      new Set(['edge.wixapis.com']),
    );
  });

  test('a revoked access token: one renewal and one retry', async () => {
    const { auth, client } = createDropIn();
    await hostedLogin(auth);
    const revoked = auth.getTokens().accessToken.value;
    loopback.platform.state.tokens.revoke({ token: revoked });
    const refreshesBefore = grants(loopback.platform, 'refresh_token');
    const { member } = await client.members.getCurrentMember();
    assert.equal(member?.profile?.nickname, 'Ada');
    assert.equal(grants(loopback.platform, 'refresh_token') - refreshesBefore, 1);
    assert.deepEqual(
      requestsTo(loopback.platform, CURRENT_MEMBER).map((r) => r.status),
      [401, 200],
    );
    assert.deepEqual(
      moduleCalls().map((call) => call.authorization),
      [revoked, auth.getTokens().accessToken.value],
    );
  });
});
