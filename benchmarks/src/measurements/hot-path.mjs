// Hot path: how many times per second an app can get a valid access token, the
// call made before every platform request. Ours: `manager.getAccessToken()`;
// @wix/sdk: `OAuthStrategy(...).getAuthHeaders()`. Both hold the same valid
// token set in memory; the network is refused, and any request is reported.
import { OAuthStrategy } from '@wix/sdk';
import { Bench } from 'tinybench';
import { int, times } from '../lib/format.mjs';
import { refuseNetwork } from '../lib/no-network.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { tokenSet } from '../lib/tokens.mjs';

export const title = 'Hot path: getting a valid access token';

const CLIENT_ID = 'bench-client';
/** Calls per tinybench iteration, so that one sample is far above the timer's resolution. */
const BATCH = 1000;
/** Rounds in A B B A order, so that a drift in the machine's load hits both alike. */
const ROUNDS = 4;
const TIME_MS = 500;

const tokens = tokenSet({
  accessToken: 'bench-access-token',
  refreshToken: 'bench-refresh-token',
  expiresIn: 3600,
});

async function ourGetter() {
  const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', [
    'createTokenManager',
    'memoryStorage',
  ]);
  const manager = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
  await manager.setTokens(tokens);
  if ((await manager.getAccessToken()) !== tokens.accessToken.value)
    throw new Error('getAccessToken() did not return the stored token');
  return () => manager.getAccessToken();
}

async function wixGetter() {
  const strategy = OAuthStrategy({ clientId: CLIENT_ID, tokens });
  const first = await strategy.getAuthHeaders();
  if (first.headers.Authorization !== tokens.accessToken.value)
    throw new Error('getAuthHeaders() did not return the stored token');
  return () => strategy.getAuthHeaders();
}

const CONTENDERS = [
  { label: 'Site Identity `getAccessToken()`', make: ourGetter },
  { label: '@wix/sdk `getAuthHeaders()`', make: wixGetter },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function measure() {
  const requests = refuseNetwork();
  const ready = [];
  const errors = new Map();
  for (const contender of CONTENDERS) {
    try {
      ready.push({ ...contender, get: await contender.make() });
    } catch (error) {
      errors.set(contender.label, failure(error));
    }
  }
  const bench = new Bench({ time: TIME_MS, warmupTime: 200, iterations: 20 });
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ready : [...ready].reverse();
    for (const { label, get } of order) {
      bench.add(`${label}#${round}`, async () => {
        for (let i = 0; i < BATCH; i += 1) await get();
      });
    }
  }
  await bench.run();

  const rounds = new Map(ready.map(({ label }) => [label, []]));
  for (const task of bench.tasks) {
    const label = task.name.replace(/#\d+$/, '');
    const result = task.result;
    if (result.state !== 'completed')
      errors.set(label, `error: ${result.error?.message ?? result.state}`);
    else rounds.get(label).push((BATCH * 1000) / result.latency.mean);
  }
  const opsPerSecond = new Map(
    [...rounds]
      .filter(([label]) => !errors.has(label))
      .map(([label, list]) => [label, median(list)]),
  );
  const wix = opsPerSecond.get(CONTENDERS[1].label);
  const rows = CONTENDERS.map(({ label }) => {
    if (errors.has(label)) return [label, errors.get(label), '', ''];
    const list = rounds.get(label);
    const range = `${int(Math.min(...list))} – ${int(Math.max(...list))}`;
    const ops = opsPerSecond.get(label);
    return [label, int(ops), range, wix ? times(ops / wix) : 'n/a'];
  });
  return {
    title,
    intro:
      `tinybench in one process: ${ROUNDS} rounds in A B B A order, ${TIME_MS} ms per task and round after a warm-up; each sample is ${int(BATCH)} sequential awaited calls. ` +
      `Operations per second is ${int(BATCH)} ÷ the mean sample time, the median of the rounds; the range is the slowest and fastest round. The ratio is to @wix/sdk.`,
    head: ['Call', 'Operations per second', 'Range over rounds', 'vs @wix/sdk'],
    rows,
    notes: [
      `Requests made during the run: ${requests()} (the network is refused; a valid token needs none).`,
    ],
  };
}
