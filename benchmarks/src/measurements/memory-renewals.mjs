// Memory after 100,000 renewals: each `getAccessToken()` finds the access token
// expired (a test clock jumps past its expiry) and renews it through the refresh
// grant of an in-process token endpoint. The heap is read after a collection
// before and after; a renewal that retained anything would show as growth.
import { int } from '../lib/format.mjs';
import { HEAP_HEAD, heapRow, settledHeap } from '../lib/heap.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { tokenEndpointStub } from '../lib/token-stub.mjs';

export const title = 'Memory: renewals';

const RENEWALS = 100_000;
const WARM_UP = 5_000;
const READINGS = 4;

export async function measure() {
  const result = {
    title,
    intro:
      `One token manager over memory storage; a test clock moves past the access token's expiry before every \`getAccessToken()\`, so each call renews through the refresh grant. ` +
      `${int(WARM_UP)} renewals warm up first; the heap is read after \`gc()\` before and after ${int(RENEWALS)} more.`,
    head: HEAP_HEAD,
    rows: [],
    notes: [],
  };
  try {
    const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', [
      'createTokenManager',
      'memoryStorage',
    ]);
    const stub = tokenEndpointStub();
    let clock = Date.now();
    const manager = createTokenManager({
      clientId: 'bench-client',
      storage: memoryStorage(),
      fetch: stub.fetch,
      now: () => clock,
    });
    const renew = async (count) => {
      for (let i = 0; i < count; i += 1) {
        clock += 3_601_000;
        await manager.getAccessToken();
      }
    };
    await manager.getAccessToken(); // first visitor tokens
    await renew(WARM_UP);
    const start = await settledHeap();
    const quarters = [];
    for (let q = 0; q < READINGS; q += 1) {
      await renew(RENEWALS / READINGS);
      quarters.push(await settledHeap());
    }
    const end = quarters.at(-1);
    manager.dispose();
    result.rows.push(heapRow('`getAccessToken()` with a renewal', RENEWALS, start, end));
    const grants = Object.entries(stub.grants)
      .map(([grant, count]) => `${grant} ${int(count)}`)
      .join(', ');
    result.notes.push(
      `Token requests made, by grant: ${grants} (the first is the cold start, then the warm-up and the measured renewals).`,
    );
    result.notes.push(
      `Heap after each quarter: ${quarters.map((b) => `${(b / 1000).toFixed(0)} kB`).join(', ')}.`,
    );
  } catch (error) {
    result.rows.push([
      '`getAccessToken()` with a renewal',
      int(RENEWALS),
      failure(error),
      '',
      '',
      '',
      '',
    ]);
  }
  return result;
}
