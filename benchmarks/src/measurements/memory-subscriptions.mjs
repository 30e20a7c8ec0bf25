// Memory after 10,000 subscribe/unsubscribe cycles: each listener holds about
// 1 kB of its own, so a listener kept after its unsubscribe would add some
// 10 MB. After the cycles, a token change checks that no listener is called.
import { int } from '../lib/format.mjs';
import { HEAP_HEAD, heapRow, settledHeap } from '../lib/heap.mjs';
import { failure, loadOurs } from '../lib/ours.mjs';
import { tokenSet } from '../lib/tokens.mjs';

export const title = 'Memory: subscriptions';

const CYCLES = 10_000;
const WARM_UP = 1_000;

export async function measure() {
  const label = '`subscribe()` then its unsubscribe';
  const result = {
    title,
    intro:
      `One token manager; each cycle subscribes a listener that holds about 1 kB of its own, then unsubscribes it. ` +
      `${int(WARM_UP)} cycles warm up first; the heap is read after \`gc()\` before and after ${int(CYCLES)} more.`,
    head: HEAP_HEAD,
    rows: [],
    notes: [],
  };
  try {
    const { createTokenManager, memoryStorage } = await loadOurs('@site-identity/tokens', [
      'createTokenManager',
      'memoryStorage',
    ]);
    const manager = createTokenManager({ clientId: 'bench-client', storage: memoryStorage() });
    await manager.setTokens(tokenSet({ accessToken: 'access-0', refreshToken: 'refresh-0' }));
    let calls = 0;
    const cycle = (count) => {
      for (let i = 0; i < count; i += 1) {
        const own = Array.from({ length: 128 }, (_, j) => i + j);
        const unsubscribe = manager.subscribe(() => {
          calls += own.length;
        });
        unsubscribe();
      }
    };
    cycle(WARM_UP);
    const start = await settledHeap();
    cycle(CYCLES);
    const end = await settledHeap();
    calls = 0;
    await manager.setTokens(tokenSet({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
    const after = calls;
    manager.dispose();
    result.rows.push(heapRow(label, CYCLES, start, end));
    result.notes.push(
      `Listeners called by a token change after every cycle ended: ${after === 0 ? 'none' : int(after / 128)}.`,
    );
  } catch (error) {
    result.rows.push([label, int(CYCLES), failure(error), '', '', '', '']);
  }
  return result;
}
