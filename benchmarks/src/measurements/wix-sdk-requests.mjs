// The drop-in OAuthStrategy of @site-identity/wix-sdk beside @wix/sdk's own, on the same
// work in one run, counted by the mock platform (in process through MSW, at the
// production URLs): a burst of getAuthHeaders() with an expired member token, the same
// burst as module calls through createClient, a module call with a revoked access token,
// and a credential login with 50 ms added to every platform request.
import { members } from '@wix/members';
import { createClient, OAuthStrategy as IncumbentStrategy } from '@wix/sdk';
import { int } from '../lib/format.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { CLIENT_ID, MEMBER, startPlatform, tokensFrom } from '../lib/platform.mjs';

export const title = 'The drop-in OAuthStrategy beside @wix/sdk';

const BURST = 1000;
const MODULE_CALLS = 100;
const LATENCY_MS = 50;

/** Both strategies, made the same way: `OAuthStrategy({ clientId, tokens })`. */
async function strategies() {
  const { OAuthStrategy, createRenewingFetch } = await loadOurs('@site-identity/wix-sdk', [
    'OAuthStrategy',
    'createRenewingFetch',
  ]);
  return [
    {
      label: '@wix/sdk',
      make: (tokens) => ({ auth: IncumbentStrategy({ clientId: CLIENT_ID, tokens }) }),
    },
    {
      label: '@site-identity/wix-sdk',
      make: (tokens) => {
        const auth = OAuthStrategy({ clientId: CLIENT_ID, tokens });
        return { auth, fetch: createRenewingFetch(auth.tokens) };
      },
    },
  ];
}

/** Settles every promise; returns how many rejected. */
const rejections = async (promises) =>
  (await Promise.allSettled(promises)).filter((r) => r.status === 'rejected').length;

const WORK = [
  {
    label: `${int(BURST)} concurrent getAuthHeaders(), member token expired, refresh tokens rotated`,
    async run({ auth }) {
      const headers = await Promise.all(Array.from({ length: BURST }, () => auth.getAuthHeaders()));
      return { failed: 0, distinct: new Set(headers.map((h) => h.headers.Authorization)).size };
    },
  },
  {
    label: `${int(MODULE_CALLS)} concurrent members.getCurrentMember() through createClient, member token expired`,
    async run({ auth, fetch }) {
      const client = createClient({ modules: { members }, auth, ...(fetch && { fetch }) });
      const failed = await rejections(
        Array.from({ length: MODULE_CALLS }, () => client.members.getCurrentMember()),
      );
      return { failed };
    },
  },
  {
    label: 'members.getCurrentMember() with a revoked access token (not expired)',
    revoke: true,
    async run({ auth, fetch }) {
      const client = createClient({ modules: { members }, auth, ...(fetch && { fetch }) });
      return { failed: await rejections([client.members.getCurrentMember()]) };
    },
  },
];

/** One row of `work` for one strategy, from a fresh member token set. */
async function row(platform, work, strategy) {
  const issued = platform.issue('member');
  const tokens = tokensFrom(issued, 'member', { expired: !work.revoke });
  if (work.revoke) platform.platform.state.tokens.revoke({ token: issued.access_token });
  const made = strategy.make(tokens);
  const mark = platform.mark();
  const { failed, distinct } = await work.run(made);
  const requests = platform.since(mark);
  return [
    work.label,
    strategy.label,
    int(requests.total),
    requests.detail,
    int(failed),
    distinct === undefined ? '' : int(distinct),
    made.auth.getTokens().refreshToken.role,
  ];
}

/** A credential login to SUCCESS from a new client, each platform request delayed by LATENCY_MS. */
async function loginRow(platform, strategy) {
  const made = strategy.make(undefined);
  platform.platform.faults.inject({ kind: 'latency', latencyMs: LATENCY_MS, times: Infinity });
  const mark = platform.mark();
  const started = performance.now();
  const result = await made.auth.login(MEMBER);
  const ms = performance.now() - started;
  platform.platform.faults.clear();
  const requests = platform.since(mark);
  return [
    `login() to ${result.loginState}, ${LATENCY_MS} ms per request`,
    strategy.label,
    int(requests.total),
    `${requests.detail}; ${Math.round(ms)} ms: ${Math.floor(ms / LATENCY_MS)} on the critical path`,
    int(result.loginState === 'SUCCESS' ? 0 : 1),
    '',
    made.auth.getTokens().refreshToken.role,
  ];
}

export async function measure() {
  const head = [
    'Work',
    'Strategy',
    'Requests',
    'By grant or path',
    'Calls failed',
    'Distinct tokens',
    'Role afterwards',
  ];
  const result = {
    title,
    intro:
      'Each row starts from a member token set minted by the mock platform (refresh tokens rotated, its default) and counts what the platform received (`state.requests`). ' +
      "@wix/sdk is `OAuthStrategy({ clientId, tokens })` of @wix/sdk 1.21.16; ours is the same call on `@site-identity/wix-sdk`, with `createRenewingFetch(auth.tokens)` as createClient's fetch.",
    head,
    rows: [],
    notes: [
      'A credential login goes on in the browser (getMemberTokensForDirectLogin: the redirect session, the hosted page in a hidden frame, the code exchange: 3 more sequential requests for both); the Chromium test of the package runs it.',
    ],
  };
  let platform;
  let list;
  try {
    platform = await startPlatform();
    list = await strategies();
  } catch (error) {
    result.rows.push(['', '', failure(error), '', '', '', '']);
    return result;
  }
  for (const work of WORK)
    for (const strategy of list) {
      try {
        result.rows.push(await row(platform, work, strategy));
      } catch (error) {
        result.rows.push([work.label, strategy.label, failure(error), '', '', '', '']);
      }
    }
  for (const strategy of list) {
    try {
      result.rows.push(await loginRow(platform, strategy));
    } catch (error) {
      result.rows.push(['login()', strategy.label, failure(error), '', '', '', '']);
    }
  }
  platform.close();
  return result;
}
