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
const TIME_MS = 1500;

const tokens = tokenSet({ accessToken: 'bench-access-token', refreshToken: 'bench-refresh-token', expiresIn: 3600 });

async function ourGetter() {
  const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', ['createTokenManager', 'memoryStorage']);
  const manager = createTokenManager({ clientId: CLIENT_ID, storage: memoryStorage() });
  await manager.setTokens(tokens);
  const first = await manager.getAccessToken();
  if (first !== tokens.accessToken.value) throw new Error('getAccessToken() did not return the stored token');
  return () => manager.getAccessToken();
}

async function wixGetter() {
  const strategy = OAuthStrategy({ clientId: CLIENT_ID, tokens });
  const first = await strategy.getAuthHeaders();
  if (first.headers.Authorization !== tokens.accessToken.value) throw new Error('getAuthHeaders() did not return the stored token');
  return () => strategy.getAuthHeaders();
}

export async function measure() {
  const requests = refuseNetwork();
  const contenders = [
    { label: 'Site Identity `getAccessToken()`', make: ourGetter },
    { label: '@wix/sdk `getAuthHeaders()`', make: wixGetter },
  ];
  const bench = new Bench({ time: TIME_MS, warmupTime: 300, iterations: 20 });
  const prepared = [];
  for (const contender of contenders) {
    try {
      const get = await contender.make();
      bench.add(contender.label, async () => {
        for (let i = 0; i < BATCH; i += 1) await get();
      });
      prepared.push({ ...contender });
    } catch (error) {
      prepared.push({ ...contender, error: failure(error) });
    }
  }
  await bench.run();

  const opsPerSecond = new Map();
  for (const task of bench.tasks) {
    const result = task.result;
    if (result.state !== 'completed') {
      opsPerSecond.set(task.name, { error: `error: ${result.error?.message ?? result.state}` });
      continue;
    }
    opsPerSecond.set(task.name, { ops: (BATCH * 1000) / result.latency.mean, rme: result.latency.rme, samples: result.latency.samplesCount ?? result.latency.samples?.length });
  }
  const wix = opsPerSecond.get(contenders[1].label);
  const rows = prepared.map(({ label, error }) => {
    const measured = error ? { error } : opsPerSecond.get(label);
    if (measured.error) return [label, measured.error, '', ''];
    const ratio = wix && !wix.error ? times(measured.ops / wix.ops) : 'n/a';
    return [label, int(measured.ops), `±${measured.rme.toFixed(1)} %`, ratio];
  });
  return {
    title,
    intro: `tinybench in one process, ${TIME_MS} ms per task after a warm-up; each sample is ${int(BATCH)} sequential awaited calls, and operations per second is ${int(BATCH)} ÷ the mean sample time. The ratio is to @wix/sdk.`,
    head: ['Call', 'Operations per second', 'Margin (95 %)', 'vs @wix/sdk'],
    rows,
    notes: [`Requests made during the run: ${requests()} (the network is refused; a valid token needs none).`],
  };
}
