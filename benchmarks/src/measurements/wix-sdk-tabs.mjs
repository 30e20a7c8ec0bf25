// Eight tabs of one site under refresh token rotation, the drop-in OAuthStrategy of
// @site-identity/wix-sdk beside @wix/sdk's own: each tab its own strategy, all of them
// keeping the tokens in one shared storage through the strategy's `tokenStorage`
// (`getTokens`/`setTokens`), each calling getAuthHeaders() every 20–80 ms for several
// access token lifetimes. Counted by the mock platform (in process through MSW, at the
// production URL), with a reused refresh token revoking its family.
import { OAuthStrategy as IncumbentStrategy } from '@wix/sdk';
import { setupServer } from 'msw/node';
import { setTimeout as sleep } from 'node:timers/promises';
import { failure, loadOurs } from '../lib/ours.mjs';
import { CLIENT_ID, MEMBER, tokensFrom } from '../lib/platform.mjs';
import { inProcessLocks, sharedStorage } from '../lib/tabs.mjs';

export const title = 'Eight tabs under rotation: the drop-in OAuthStrategy beside @wix/sdk';

const TABS = 8;
/** The run lasts this many access token lifetimes and a half. */
const LIFETIMES = 6;
/** The platform's access token lifetime (the mock platform's default). */
const TTL_SECONDS = 3600;
/** How long one access token lifetime lasts in this run: the clock runs this much faster. */
const LIFETIME_REAL_MS = 1000;
const SPEED = (TTL_SECONDS * 1000) / LIFETIME_REAL_MS;
/** The key a site keeps its tokens under. */
const SESSION_KEY = 'wix-session';

/**
 * `Date.now()` running SPEED times faster until the returned function restores it:
 * both strategies and the platform read their clocks through it (a token lifetime of
 * an hour, with our 60 s leeway before expiry, in one second). Timers and the added
 * latency stay in real time.
 */
function fastClock() {
  const realNow = Date.now;
  const start = realNow();
  Date.now = () => start + Math.floor((realNow() - start) * SPEED);
  return () => {
    Date.now = realNow;
  };
}

/** Every platform request answered 30–80 ms later, as over a network. */
function slowNetwork() {
  const intercepted = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    await sleep(30 + Math.random() * 50);
    return intercepted(input, init);
  };
  return () => {
    globalThis.fetch = intercepted;
  };
}

/** The browser's tabs for our token manager: `window`, and Web Locks on `navigator`. */
function browserTabs() {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  globalThis.window = new EventTarget();
  Object.defineProperty(globalThis, 'navigator', {
    value: { locks: inProcessLocks() },
    configurable: true,
    writable: true,
  });
  return () => {
    delete globalThis.window;
    if (had) Object.defineProperty(globalThis, 'navigator', had);
    else delete globalThis.navigator;
  };
}

/** A tab's `tokenStorage` over the site's shared storage, as a site writes one. */
function tokenStorage(storage, empty) {
  return {
    getTokens: () => JSON.parse(storage.getItem(SESSION_KEY) ?? 'null') ?? empty,
    setTokens: (tokens) => storage.setItem(SESSION_KEY, JSON.stringify(tokens)),
  };
}

const EMPTY = {
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
};

/** Both strategies, each tab made the same way: `OAuthStrategy({ clientId, tokenStorage })`. */
async function strategies() {
  const { OAuthStrategy } = await loadOurs('@site-identity/wix-sdk', ['OAuthStrategy']);
  return [
    {
      label: '@wix/sdk',
      coordination: 'none (each tab alone)',
      open: () => () => {},
      make: (storage) => IncumbentStrategy({ clientId: CLIENT_ID, tokenStorage: storage }),
      close: () => {},
    },
    {
      label: '@site-identity/wix-sdk',
      coordination: 'Web Lock + BroadcastChannel',
      open: browserTabs,
      make: (storage) => OAuthStrategy({ clientId: CLIENT_ID, tokenStorage: storage }),
      close: (auth) => auth.tokens.dispose(),
    },
  ];
}

/**
 * How many access token lifetimes ended during the run: the token requests come in
 * rounds, one when the tokens of the tabs expire, more than half a lifetime apart.
 */
function rounds(grants) {
  const gap = (TTL_SECONDS * 1000) / 2;
  return grants.filter((r, i) => i === 0 || r.time - grants[i - 1].time > gap).length;
}

/** The tabs' calls for LIFETIMES and a half lifetimes; returns how many rejected. */
async function browse(tabs) {
  const end = performance.now() + (LIFETIMES + 0.5) * LIFETIME_REAL_MS;
  let rejected = 0;
  await Promise.all(
    tabs.map(async (tab) => {
      while (performance.now() < end) {
        await tab.getAuthHeaders().catch(() => rejected++);
        await sleep(20 + Math.random() * 60);
      }
    }),
  );
  return rejected;
}

/** One strategy's row: a member signed in, eight tabs open, the calls, the count. */
async function run(createMockPlatform, strategy) {
  const platform = createMockPlatform({
    members: [MEMBER],
    accessTokenTtlSeconds: TTL_SECONDS,
    refreshTokenReuse: 'revoke-family',
  });
  const server = setupServer(...platform.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  const restore = [server.close.bind(server), slowNetwork(), fastClock(), strategy.open()];
  const tabs = [];
  try {
    const storage = sharedStorage();
    const memberId = platform.state.findMember(MEMBER.email).id;
    const issued = platform.state.tokens.issue({ role: 'member', clientId: CLIENT_ID, memberId });
    // What the site stored after the member signed in.
    storage.setItem(SESSION_KEY, JSON.stringify(tokensFrom(issued, 'member')));
    for (let i = 0; i < TABS; i += 1) tabs.push(strategy.make(tokenStorage(storage, EMPTY)));
    const before = platform.state.requests.length;
    const rejected = await browse(tabs);
    const grants = platform.state.requests.slice(before).filter((r) => r.grantType);
    const refreshes = grants.filter((r) => r.grantType === 'refresh_token');
    // A member still: the refresh token the tab holds is a member's the platform accepts.
    const member = (tab) => {
      const held = platform.state.tokens.describe(tab.getTokens().refreshToken.value);
      return held?.role === 'member' && held.status === 'active';
    };
    const lifetimes = rounds(grants);
    return {
      lifetimes,
      perLifetime: lifetimes === 0 ? 0 : refreshes.length / lifetimes,
      presentedTwice: refreshes.filter((r) => r.refreshTokenReused).length,
      anonymous: grants.filter((r) => r.grantType === 'anonymous').length,
      loggedIn: tabs.filter((tab) => tab.loggedIn()).length,
      members: tabs.filter(member).length,
      rejected,
    };
  } finally {
    for (const tab of tabs) strategy.close(tab);
    for (const undo of restore.reverse()) undo();
  }
}

export async function measure() {
  const result = {
    title,
    intro:
      `${TABS} tabs of one site, each its own \`OAuthStrategy({ clientId, tokenStorage })\` over one shared storage (a \`getTokens\`/\`setTokens\` pair on a localStorage-like store, as a site keeps the session of @wix/sdk), start from a member's token set and call \`getAuthHeaders()\` every 20–80 ms (answers take 30–80 ms) for ${LIFETIMES + 0.5} lifetimes of the access token. ` +
      `The platform's lifetime is ${TTL_SECONDS / 60} minutes; the clock of both strategies and the platform runs ${SPEED}× faster, so a lifetime lasts ${LIFETIME_REAL_MS / 1000} s. ` +
      'Counted by the mock platform, refresh tokens rotated and a reused one revoking its family. The ideal is 1.00 refresh request per lifetime and every tab still a member.',
    head: [
      'Strategy',
      'Cross-tab',
      'Lifetimes ended',
      'Refresh requests per lifetime',
      'Refresh tokens presented twice',
      'Visitor fallbacks',
      'Tabs saying loggedIn()',
      'Tabs still member',
      'Calls rejected',
    ],
    rows: [],
    notes: [
      'A lifetime ended when the tabs asked for new tokens: their token requests come in rounds, one per expiry of the access token (a renewal adds the answer time to the lifetime, so the rounds are a little more than a lifetime apart).',
      "A tab is still a member when the refresh token it holds is a member's and the platform still accepts it (not spent, not revoked); `loggedIn()` only reads the role stored beside it.",
      "@wix/sdk's strategy has no cross-tab coordination and keeps the refresh token it sent, ignoring the rotated one in the answer: its next refresh presents a spent token, the platform revokes the family, and it falls back to visitor tokens.",
      'Ours takes the tabs of a browser as they are (`navigator.locks`, `BroadcastChannel`): the bench gives this process an in-process lock manager and a `window`, nothing else.',
    ],
  };
  let createMockPlatform;
  let list;
  try {
    ({ createMockPlatform } = await loadOurs('@site-identity/mock-platform', [
      'createMockPlatform',
    ]));
    list = await strategies();
  } catch (error) {
    result.rows.push(['', '', failure(error), '', '', '', '', '', '']);
    return result;
  }
  for (const strategy of list) {
    try {
      const r = await run(createMockPlatform, strategy);
      result.rows.push([
        strategy.label,
        strategy.coordination,
        String(r.lifetimes),
        r.perLifetime.toFixed(2),
        String(r.presentedTwice),
        String(r.anonymous),
        `${r.loggedIn} of ${TABS}`,
        `${r.members} of ${TABS}`,
        String(r.rejected),
      ]);
    } catch (error) {
      result.rows.push([
        strategy.label,
        strategy.coordination,
        failure(error),
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
    }
  }
  return result;
}
