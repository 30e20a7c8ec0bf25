// A deterministic, seeded simulation of 2–8 tabs of one site, each with its own token
// manager, sharing a simulated storage (per-tab read lag, quota failures, corrupt
// writes), a simulated Web Lock (released when a tab closes) and BroadcastChannel, a
// simulated clock, and the in-process mock platform with refresh token reuse revoking
// the whole family. The network answers late, slower than the lock bound, or not at all,
// loses answers after the platform processed them, and tabs close mid-refresh.
// After every step the invariants hold:
//   1. no refresh token is presented while another presentation of it is in flight, nor
//      after an answer to it reached a tab (an unanswered request may be retried: the
//      library cannot know the platform processed it);
//   2. no tab goes from member to visitor unless the platform revoked the session (the
//      scenario revoked the member, or a retried unanswered refresh made it revoke the
//      family: RFC 9700 §4.14.2);
//   3. no call is pending past its bound;
//   4. every rejection is a TokensError or a TokenEndpointError.
// SIM_SEED=<n> replays one schedule alone; SIM_SCHEDULES=<n> sets how many run.
import { createMockPlatform, type MockPlatform } from '@site-identity/mock-platform';
import {
  createTokenManager,
  isTokenEndpointError,
  isTokensError,
  type TabLocks,
  type TabPort,
  type TokenManager,
  type TokenStorage,
  type Tokens,
} from '@site-identity/tokens';
import { autoRefresh } from '@site-identity/tokens/auto-refresh';
import { expect, test } from 'vitest';

const CLIENT_ID = 'sim-client';
const TIMEOUT_MS = 10_000;
const LOCK_TIMEOUT_MS = 2 * TIMEOUT_MS + 2_000;
/**
 * A call waits at most for the lock bound, then the hand-off, then its own renewal (a
 * refresh and visitor tokens, once more after a rejection when another tab's session
 * arrived), twice (a forced renewal may renew again).
 */
const CALL_BOUND_MS = 2 * (LOCK_TIMEOUT_MS + 2_000 + 4 * TIMEOUT_MS) + 1_000;
const SCHEDULES = Number(process.env.SIM_SCHEDULES ?? 10_000);
const ONLY_SEED = process.env.SIM_SEED === undefined ? undefined : Number(process.env.SIM_SEED);
const ACTIONS = 24;
const TRACE = process.env.SIM_TRACE !== undefined;

/** mulberry32: a small seeded generator. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Violation extends Error {}

interface Timer {
  at: number;
  seq: number;
  run: () => void;
  cancelled: boolean;
}

/** The simulated clock and its timers, installed as the global timers for one schedule. */
function createClock() {
  let now = 1_900_000_000_000;
  let seq = 0;
  const timers: Timer[] = [];
  const add = (delay: number, run: () => void): Timer => {
    const timer = { at: now + Math.max(0, delay || 0), seq: seq++, run, cancelled: false };
    // Sorted insert from the end: most timers are later than the ones already queued.
    let i = timers.length;
    while (
      i > 0 &&
      (timers[i - 1]!.at > timer.at ||
        (timers[i - 1]!.at === timer.at && timers[i - 1]!.seq > timer.seq))
    )
      i--;
    timers.splice(i, 0, timer);
    return timer;
  };
  return {
    now: () => now,
    add,
    setTimeout: ((run: () => void, delay?: number) =>
      add(delay ?? 0, run)) as unknown as typeof setTimeout,
    clearTimeout: ((timer?: Timer) => {
      if (timer && typeof timer === 'object') timer.cancelled = true;
    }) as unknown as typeof clearTimeout,
    /** Runs the next timer; false when none is left before `until`. */
    step(until: number): boolean {
      while (timers.length && timers[0]!.cancelled) timers.shift();
      const next = timers[0];
      if (!next || next.at > until) {
        now = Math.max(now, until);
        return false;
      }
      timers.shift();
      now = next.at;
      next.run();
      return true;
    },
    get pending() {
      return timers.some((t) => !t.cancelled);
    },
  };
}

const realSetImmediate = setImmediate;
/** Lets every promise settle: microtasks first, a macrotask turn only when some remain. */
const drain = () => new Promise<void>((resolve) => realSetImmediate(resolve));

interface Tab {
  id: number;
  manager: TokenManager;
  open: boolean;
  lagMs: number;
  quota: boolean;
  tokens: Tokens | null;
  /** Ends the tab's requests when it closes: the browser cancels them. */
  requests: Set<() => void>;
}

interface Call {
  tab: number;
  what: string;
  started: number;
  settled: boolean;
}

/** One schedule; throws a Violation naming the broken invariant. */
async function runSchedule(seed: number): Promise<{ steps: number; requests: number }> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const clock = createClock();
  const saved = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
    random: Math.random,
    getRandomValues: crypto.getRandomValues,
  };
  globalThis.setTimeout = clock.setTimeout;
  globalThis.clearTimeout = clock.clearTimeout;
  Math.random = random;
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    const bytes = new Uint8Array(array!.buffer, array!.byteOffset, array!.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return array;
  };

  const platform: MockPlatform = createMockPlatform({
    now: clock.now,
    accessTokenTtlSeconds: 5,
    refreshTokenReuse: 'revoke-family',
  });
  const tabs: Tab[] = [];
  const calls: Call[] = [];
  let steps = 0;
  let requests = 0;
  const violations: string[] = [];
  /** The token family of the latest sign-in. */
  let family: string | undefined;
  const trace = (text: string) => {
    if (TRACE) process.stderr.write(`t=${clock.now() - 1_900_000_000_000} ${text}\n`);
  };
  /** Noted where it is seen (inside the library's callbacks), thrown after the step. */
  const fail = (message: string): void => {
    violations.push(`seed ${seed}, step ${steps}, t=${clock.now()}: ${message}`);
  };

  // Storage shared by the tabs: each tab reads it as it was lagMs ago, except its own writes.
  const writes: { at: number; tab: number; value: string | null }[] = [];
  const storageListeners = new Map<number, () => void>();
  function viewOf(tab: Tab): string | null {
    for (let i = writes.length - 1; i >= 0; i--) {
      const write = writes[i]!;
      if (write.tab === tab.id || write.at <= clock.now() - tab.lagMs) return write.value;
    }
    return null;
  }
  function writeStorage(tabId: number, value: string | null): void {
    writes.push({ at: clock.now(), tab: tabId, value });
    if (writes.length > 64) writes.splice(0, 32);
    for (const tab of tabs) {
      const listener = storageListeners.get(tab.id);
      if (tab.id !== tabId && tab.open && listener)
        clock.add(tab.lagMs + 1, () => tab.open && listener());
    }
  }
  const storageOf = (tab: Tab): TokenStorage => ({
    getItem: () => viewOf(tab),
    setItem: (_key, value) => {
      if (!tab.open) return;
      if (tab.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      writeStorage(tab.id, value);
    },
    removeItem: () => {
      if (tab.open) writeStorage(tab.id, null);
    },
    subscribe: (_key, listener) => {
      storageListeners.set(tab.id, listener);
      return () => storageListeners.delete(tab.id);
    },
  });

  // The browser process: lock grants and channel messages leave it in the order they came.
  let ipcAt = 0;
  const ipc = (run: () => void) => {
    ipcAt = Math.max(ipcAt, clock.now()) + 1;
    clock.add(ipcAt - clock.now(), run);
  };
  let holder: number | undefined;
  let holderRelease: (() => void) | undefined;
  const lockQueue: { tab: number; grant: () => void; drop: () => void }[] = [];
  function grantNext(): void {
    holderRelease = undefined;
    const next = lockQueue.shift();
    holder = next?.tab; // reserved for the next waiter until its grant arrives
    if (next) ipc(next.grant);
  }
  const locksOf = (tab: Tab): TabLocks => ({
    request: (_name, { signal }, callback) =>
      new Promise((resolve, reject) => {
        const waiter = {
          tab: tab.id,
          grant: () => {
            signal?.removeEventListener('abort', abort);
            if (!tab.open || signal?.aborted) return grantNext();
            holder = tab.id;
            trace(`tab ${tab.id} holds the lock`);
            let released = false;
            holderRelease = () => {
              released = true;
            };
            callback().then(
              (value) => {
                if (!released) ipc(grantNext);
                resolve(value);
              },
              (error: unknown) => {
                if (!released) ipc(grantNext);
                reject(error);
              },
            );
          },
          drop: () => {},
        };
        const abort = () => {
          const at = lockQueue.indexOf(waiter);
          if (at >= 0) lockQueue.splice(at, 1);
          reject(new DOMException('The request was aborted.', 'AbortError'));
        };
        signal?.addEventListener('abort', abort);
        if (holder === undefined && lockQueue.length === 0) {
          holder = tab.id; // taken now, granted through the browser process
          ipc(() => {
            holder = undefined;
            waiter.grant();
          });
        } else lockQueue.push(waiter);
      }),
  });

  const ports = new Map<number, Set<(event: { data: unknown }) => void>>();
  const portOf = (tab: Tab): TabPort => {
    const listeners = new Set<(event: { data: unknown }) => void>();
    ports.set(tab.id, listeners);
    return {
      postMessage(message) {
        if (!tab.open) return;
        const data = structuredClone(message);
        trace(`tab ${tab.id} posts ${JSON.stringify(data).slice(0, 160)}`);
        for (const [id, targets] of ports) {
          if (id === tab.id) continue;
          ipc(() => {
            trace(
              `tab ${id} hears tab ${tab.id} (${targets.size} listeners, open ${tabs[id]?.open})`,
            );
            if (tabs[id]?.open) for (const listener of [...targets]) listener({ data });
          });
        }
      },
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
      close: () => void ports.delete(tab.id),
    };
  };

  // The network: every token request of a tab, with its fate drawn from the seed.
  const inFlight = new Map<string, number>();
  const answered = new Set<string>();
  const unanswered = new Set<string>();
  const fetchOf =
    (tab: Tab) =>
    async (request: Request): Promise<Response> => {
      requests++;
      const body = JSON.parse(await request.text()) as {
        grantType?: string;
        refreshToken?: string;
      };
      const token = body.grantType === 'refresh_token' ? body.refreshToken : undefined;
      if (token !== undefined) {
        if ((inFlight.get(token) ?? 0) > 0)
          fail(`refresh token presented while in flight (tab ${tab.id})`);
        if (answered.has(token))
          fail(`refresh token presented after it was answered (tab ${tab.id})`);
        inFlight.set(token, (inFlight.get(token) ?? 0) + 1);
      }
      const fate = pick([
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'ok',
        'network',
        '503',
        '429',
        'slow',
        'very-slow',
        'lost',
      ] as const);
      const there = 5 + Math.floor(random() * 150);
      const back =
        fate === 'slow'
          ? 5_500 + Math.floor(random() * 3_000)
          : fate === 'very-slow'
            ? 12_000
            : 5 + Math.floor(random() * 150);
      trace(`tab ${tab.id} sends ${body.grantType} ${token?.slice(8, 14) ?? ''} (${fate})`);
      const ended = (with_answer: boolean, processed: boolean) => {
        trace(
          `tab ${tab.id} ${body.grantType} ${token?.slice(8, 14) ?? ''} ended, answer ${with_answer}, processed ${processed}`,
        );
        if (token === undefined) return;
        inFlight.set(token, (inFlight.get(token) ?? 1) - 1);
        if (with_answer) answered.add(token);
        else if (processed) unanswered.add(token);
      };
      return new Promise<Response>((resolve, reject) => {
        let done = false;
        const signal = request.signal;
        const onAbort = () => {
          if (done) return;
          done = true;
          ended(false, processed);
          reject(signal.reason);
        };
        let processed = false;
        signal.addEventListener('abort', onAbort);
        const cancel = () => {
          if (done) return;
          done = true;
          ended(false, processed);
        };
        tab.requests.add(cancel);
        clock.add(there, () => {
          if (done || !tab.open) {
            if (!tab.open && !done) ended(false, false);
            return;
          }
          if (fate === 'network') {
            done = true;
            ended(false, false);
            return reject(new TypeError('Failed to fetch'));
          }
          if (fate === '503' || fate === '429') {
            const status = Number(fate);
            return clock.add(back, () => {
              if (done || !tab.open) return;
              done = true;
              ended(true, false);
              if (token !== undefined) answered.delete(token); // not processed: it may be presented again
              resolve(
                new Response('{}', { status, headers: { 'content-type': 'application/json' } }),
              );
            });
          }
          processed = true;
          const forward = new Request(request.url, {
            method: 'POST',
            headers: request.headers,
            body: JSON.stringify(body),
          });
          void platform.fetch(forward).then((response) => {
            clock.add(back, () => {
              if (done) return;
              if (!tab.open) return ended(false, true);
              done = true;
              if (fate === 'lost') {
                ended(false, true);
                return reject(new TypeError('Failed to fetch'));
              }
              ended(true, true);
              resolve(response);
            });
          });
        });
      });
    };

  function openTab(): Tab {
    const tab: Tab = {
      id: tabs.length,
      manager: undefined as unknown as TokenManager,
      open: true,
      lagMs: chance(0.5) ? Math.floor(random() * 200) : 0,
      quota: chance(0.15),
      tokens: null,
      requests: new Set(),
    };
    tabs.push(tab);
    tab.manager = createTokenManager({
      clientId: CLIENT_ID,
      storage: storageOf(tab),
      fetch: fetchOf(tab),
      now: clock.now,
      leewaySeconds: 1,
      timeoutMs: TIMEOUT_MS,
      autoRefresh: chance(0.5) && autoRefresh,
      crossTab: { locks: locksOf(tab), openPort: () => portOf(tab) },
      onError: () => {},
    });
    tab.manager.subscribe((snapshot) => {
      const before = tab.tokens?.refreshToken;
      // Allowed only when the platform revoked that session (the scenario, or the
      // family revoked after an unanswered refresh was retried), or when it was not the
      // latest sign-in (a tab that read an older record learns of the later session).
      const known = before && platform.state.tokens.describe(before.value);
      if (
        before?.role === 'member' &&
        snapshot.status !== 'member' &&
        known?.status !== 'revoked' &&
        known?.familyId === family
      )
        fail(
          `tab ${tab.id} lost its member session (${snapshot.ended?.reason}) without a revocation`,
        );
      tab.tokens = snapshot.tokens;
    });
    tab.tokens = tab.manager.getSnapshot().tokens;
    return tab;
  }

  /**
   * Whether only this tab holds its session: neither storage (it cannot store) nor another
   * tab has it. Closing it would lose that session whatever the library did, so the
   * scenario keeps it open.
   */
  function soleHolder(tab: Tab): boolean {
    const value = tab.tokens?.refreshToken.value;
    if (!value) return false;
    const stored = writes.at(-1)?.value ?? '';
    return (
      !stored.includes(value) &&
      !tabs.some((o) => o !== tab && o.open && o.tokens?.refreshToken.value === value)
    );
  }

  function closeTab(tab: Tab): void {
    tab.open = false;
    for (const cancel of tab.requests) cancel();
    tab.manager.dispose();
    storageListeners.delete(tab.id);
    ports.delete(tab.id);
    for (let i = lockQueue.length - 1; i >= 0; i--)
      if (lockQueue[i]!.tab === tab.id) lockQueue.splice(i, 1);
    if (holder === tab.id) {
      holderRelease?.();
      ipc(grantNext); // the browser lets go of a closed tab's lock
    }
  }

  function call(tab: Tab, what: 'getTokens' | 'refresh'): void {
    const entry: Call = { tab: tab.id, what, started: clock.now(), settled: false };
    calls.push(entry);
    tab.manager[what]().then(
      () => {
        entry.settled = true;
      },
      (error: unknown) => {
        entry.settled = true;
        if (!isTokensError(error) && !isTokenEndpointError(error))
          fail(`${what} rejected with ${String(error)}, not a TokensError or TokenEndpointError`);
      },
    );
  }

  function signIn(tab: Tab): void {
    const issued = platform.state.tokens.issue({
      role: 'member',
      clientId: CLIENT_ID,
      memberId: 'm-1',
    });
    const tokens: Tokens = {
      accessToken: {
        value: issued.access_token,
        expiresAt: Math.floor(clock.now() / 1000) + issued.expires_in,
      },
      refreshToken: { value: issued.refresh_token, role: 'member' },
    };
    family = platform.state.tokens.describe(issued.refresh_token)?.familyId;
    void tab.manager.setTokens(tokens);
  }

  function check(): void {
    for (const entry of calls)
      if (!entry.settled && tabs[entry.tab]!.open && clock.now() - entry.started > CALL_BOUND_MS)
        fail(`tab ${entry.tab}: ${entry.what} pending for ${clock.now() - entry.started} ms`);
    if (violations.length) throw new Violation(violations[0]);
  }

  try {
    const count = 2 + Math.floor(random() * 7);
    for (let i = 0; i < count; i++) openTab();
    signIn(tabs[0]!);
    for (let action = 0; action < ACTIONS; action++) {
      const open = tabs.filter((t) => t.open);
      const tab = pick(open);
      const roll = random();
      trace(`action ${action} on tab ${tab.id}: ${roll.toFixed(2)}`);
      trace(
        `tabs ${tabs.map((t) => `${t.id}:${t.open ? 'open' : 'closed'}${t.quota ? ',quota' : ''}`).join(' ')}`,
      );
      if (roll < 0.45) call(tab, 'getTokens');
      else if (roll < 0.65) call(tab, 'refresh');
      else if (roll < 0.72 && open.length > 1 && !soleHolder(tab)) closeTab(tab);
      else if (roll < 0.78 && tabs.length < 12) openTab();
      else if (roll < 0.82) writeStorage(-1, pick(['{"accessToken":', '[]', 'null', '"x"']));
      else if (roll < 0.86) tab.quota = !tab.quota;
      else if (roll < 0.88) platform.state.tokens.revoke({ memberId: 'm-1' });
      else if (roll < 0.9) signIn(tab);
      const until = clock.now() + Math.floor(random() * 4_000);
      do {
        await drain();
        steps++;
        check();
      } while (clock.step(until));
    }
    // Let the calls still pending end: each settles within its bound.
    const end = clock.now() + CALL_BOUND_MS;
    const pending = () => calls.some((entry) => !entry.settled && tabs[entry.tab]!.open);
    while (pending() && clock.step(end)) {
      await drain();
      steps++;
      check();
    }
    await drain();
    check();
    for (const entry of calls)
      if (!entry.settled && tabs[entry.tab]!.open)
        fail(`tab ${entry.tab}: ${entry.what} never settled`);
    check();
    return { steps, requests };
  } finally {
    for (const tab of tabs) if (tab.open) tab.manager.dispose();
    globalThis.setTimeout = saved.setTimeout;
    globalThis.clearTimeout = saved.clearTimeout;
    Math.random = saved.random;
    crypto.getRandomValues = saved.getRandomValues;
  }
}

test(`session engine: ${ONLY_SEED === undefined ? SCHEDULES : 1} seeded multi-tab schedules keep every invariant`, async () => {
  const seeds =
    ONLY_SEED === undefined ? Array.from({ length: SCHEDULES }, (_, i) => i + 1) : [ONLY_SEED];
  const started = Date.now();
  let steps = 0;
  let requests = 0;
  for (const seed of seeds) {
    try {
      const result = await runSchedule(seed);
      steps += result.steps;
      requests += result.requests;
    } catch (error) {
      const replay = `SIM_SEED=${seed} pnpm --filter @site-identity/reliability-tests test session-engine-simulation`;
      console.error(
        `session engine simulation failed at seed ${seed}; replay it alone with:\n  ${replay}`,
      );
      throw error;
    }
  }
  process.stderr.write(
    `session engine simulation: ${seeds.length} schedules, ${steps} steps, ${requests} token requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(steps).toBeGreaterThan(seeds.length);
}, 600_000);
