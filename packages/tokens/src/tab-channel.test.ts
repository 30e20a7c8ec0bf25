import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Entry } from './entry';
import { memoryStorage, type TokenStorage } from './storage';
import {
  openTabChannel,
  type TabEnvironment,
  type TabLocks,
  type TabMessage,
  type TabPort,
} from './tab-channel';
import type { Tokens } from './types';

const KEY = 'site-identity:client-1:tokens';
const tokens: Tokens = {
  accessToken: { value: 'at-1', expiresAt: 2_000_000_000 },
  refreshToken: { value: 'rt-1', role: 'member' },
};
const entry: Entry = { tokens, epoch: 3, generation: 2 };

/** A port whose posts are recorded and whose incoming messages the test sends. */
function fakePort() {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const posted: unknown[] = [];
  const port: TabPort & { closed: boolean } = {
    closed: false,
    postMessage: (message) => void posted.push(message),
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    close() {
      port.closed = true;
    },
  };
  const deliver = (data: unknown) => {
    for (const listener of [...listeners]) listener({ data });
  };
  return { port, posted, deliver, listening: () => listeners.size };
}

/** Web Locks for one test: exclusive, first come first served, abortable while waiting. */
function fakeLocks(): TabLocks & { held: () => boolean } {
  let tail: Promise<unknown> = Promise.resolve();
  let holding = false;
  return {
    held: () => holding,
    request(_name, { signal }, callback) {
      const turn = tail.then(
        () =>
          new Promise<unknown>((resolve, reject) => {
            if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
            holding = true;
            callback()
              .then(resolve, reject)
              .finally(() => (holding = false));
          }),
      );
      // A request aborted while waiting rejects at once; the queue goes on.
      const aborted = new Promise<never>((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
      tail = turn.catch(() => undefined);
      return Promise.race([turn, aborted]);
    },
  };
}

/** The clock of the tabs: a little before the tokens' expiry. */
const NOW_MS = 1_999_000_000_000;

function open(environment: TabEnvironment, storage: TokenStorage = memoryStorage()) {
  const heard: TabMessage[] = [];
  const refused: string[] = [];
  const storageChanged = vi.fn();
  const channel = openTabChannel({
    name: 'site-identity:client-1',
    key: KEY,
    environment,
    storage,
    hear: (message) => void heard.push(message),
    refused: (why) => void refused.push(why),
    now: () => NOW_MS,
    storageChanged,
  });
  return { channel, heard, refused, storageChanged };
}

afterEach(() => vi.useRealTimers());

describe('the broadcast', () => {
  test('a post carries the record key; the port is opened by the channel name', () => {
    const { port, posted } = fakePort();
    const openPort = vi.fn(() => port);
    const { channel } = open({ locks: null, openPort });
    channel.post({ ...entry, renewing: true });
    expect(openPort).toHaveBeenCalledWith('site-identity:client-1');
    expect(posted).toEqual([{ ...entry, renewing: true, key: KEY }]);
  });

  // [what came, what is heard (nothing: ignored)]
  test.each<[string, unknown, TabMessage | undefined]>([
    [
      'a session message',
      { key: KEY, tokens, epoch: 3, generation: 2 },
      { ...entry, reason: undefined, unstored: false, renewing: undefined, ask: false },
    ],
    [
      'a sign-out with its reason, unstored',
      { key: KEY, tokens: null, epoch: 4, generation: 0, reason: 'signed_out', unstored: true },
      {
        tokens: null,
        epoch: 4,
        generation: 0,
        reason: 'signed_out',
        unstored: true,
        renewing: undefined,
        ask: false,
      },
    ],
    [
      'a renewal announced, with an ask',
      { key: KEY, tokens, epoch: 3, generation: 2, renewing: true, ask: true },
      { ...entry, reason: undefined, unstored: false, renewing: true, ask: true },
    ],
    [
      'a renewal that ended without a new session',
      { key: KEY, tokens, epoch: 3, generation: 2, renewing: false },
      { ...entry, reason: undefined, unstored: false, renewing: false, ask: false },
    ],
    ['another key', { key: 'other', tokens, epoch: 3, generation: 2 }, undefined],
    ['no key', { tokens, epoch: 3, generation: 2 }, undefined],
    ['not an object', 'hello', undefined],
    ['null', null, undefined],
  ])('a message from another tab: %s', (_what, data, expected) => {
    const { port, deliver } = fakePort();
    const { heard, refused } = open({ locks: null, openPort: () => port });
    deliver(data);
    expect(heard).toEqual(expected ? [expected] : []);
    expect(refused).toEqual([]);
  });

  const SKEW = 5 * 60_000;
  const expiring = (expiresAt: number) => ({
    ...tokens,
    accessToken: { value: 'at-x', expiresAt },
  });
  // Hostile or broken messages of another tab of the origin, for this key: each refused,
  // and the refusal told (never adopted; the session of this tab is kept).
  test.each<[string, Record<string, unknown>]>([
    [
      'a sign-out from the largest safe epoch',
      { tokens: null, epoch: Number.MAX_SAFE_INTEGER, generation: 0 },
    ],
    [
      'attacker tokens from the largest safe epoch',
      { tokens, epoch: Number.MAX_SAFE_INTEGER, generation: 0 },
    ],
    [
      'a sign-out just beyond the clock and its skew',
      { tokens: null, epoch: NOW_MS + SKEW + 1, generation: 0 },
    ],
    ['an epoch of 2 ** 60', { tokens: null, epoch: 2 ** 60, generation: 0 }],
    ['an epoch of Infinity', { tokens: null, epoch: Infinity, generation: 0 }],
    ['an epoch of NaN', { tokens: null, epoch: NaN, generation: 0 }],
    ['a negative epoch', { tokens: null, epoch: -1, generation: 0 }],
    ['a fractional epoch', { tokens: null, epoch: 3.5, generation: 0 }],
    ['an epoch that is a string', { tokens: null, epoch: '9', generation: 0 }],
    ['no epoch', { tokens: null, generation: 0 }],
    ['no generation', { tokens: null, epoch: 3 }],
    ['the largest safe generation', { tokens, epoch: 3, generation: Number.MAX_SAFE_INTEGER }],
    ['a generation that is a string', { tokens, epoch: 3, generation: '2' }],
    ['tokens that are no token set', { tokens: { accessToken: 1 }, epoch: 3, generation: 0 }],
    ['no tokens field', { epoch: 3, generation: 0 }],
    [
      'tokens with an empty access token',
      {
        tokens: { ...tokens, accessToken: { value: '', expiresAt: 2_000_000_000 } },
        epoch: 3,
        generation: 0,
      },
    ],
    [
      'tokens with an empty refresh token',
      {
        tokens: { ...tokens, refreshToken: { value: '', role: 'member' } },
        epoch: 3,
        generation: 0,
      },
    ],
    [
      'tokens of an unknown role',
      {
        tokens: { ...tokens, refreshToken: { value: 'rt', role: 'admin' } },
        epoch: 3,
        generation: 0,
      },
    ],
    ['an expiry of 1e308', { tokens: expiring(1e308), epoch: 3, generation: 0 }],
    [
      'an expiry beyond a year',
      { tokens: expiring(NOW_MS / 1000 + 31_536_001), epoch: 3, generation: 0 },
    ],
    ['an unknown reason', { tokens: null, epoch: 3, generation: 0, reason: '<img src=x>' }],
    [
      'flags that are not booleans',
      { tokens, epoch: 3, generation: 2, renewing: 'yes', ask: 1, unstored: 'no' },
    ],
    ['an ask that is a string', { tokens, epoch: 3, generation: 2, ask: 'true' }],
  ])('a hostile message is refused and told: %s', (_what, fields) => {
    const { port, deliver } = fakePort();
    const { heard, refused } = open({ locks: null, openPort: () => port });
    deliver({ key: KEY, ...fields });
    expect(heard).toEqual([]);
    expect(refused).toHaveLength(1);
    // The refusal says why, never what came.
    expect(refused[0]).not.toMatch(/at-|rt-|img/);
  });

  test('a port that cannot be opened, or none: posts go nowhere and nothing throws', () => {
    for (const openPort of [
      () => {
        throw new Error('no channel here');
      },
      null,
    ]) {
      const { channel } = open({ locks: null, openPort });
      expect(() => channel.post(entry)).not.toThrow();
      expect(() => channel.stop()).not.toThrow();
    }
  });

  test("the storage's change notifications are heard, and stop() ends them with the port", () => {
    const { port, listening } = fakePort();
    let notify: (() => void) | undefined;
    const unsubscribe = vi.fn();
    const storage: TokenStorage = {
      ...memoryStorage(),
      subscribe(key, listener) {
        expect(key).toBe(KEY);
        notify = listener;
        return unsubscribe;
      },
    };
    const { channel, storageChanged } = open({ locks: null, openPort: () => port }, storage);
    notify?.();
    expect(storageChanged).toHaveBeenCalledTimes(1);
    channel.stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(port.closed).toBe(true);
    expect(listening()).toBe(0);
  });
});

describe('the renewal lock', () => {
  test('without Web Locks the task runs at once, and the channel says it has no lock', async () => {
    const { channel } = open({ locks: null, openPort: null });
    expect(channel.locked).toBe(false);
    await expect(channel.exclusive(async () => 7, 1_000)).resolves.toBe(7);
  });

  test('with Web Locks the task runs holding the lock, and its error comes back', async () => {
    const locks = fakeLocks();
    const { channel } = open({ locks, openPort: null });
    expect(channel.locked).toBe(true);
    await expect(channel.exclusive(async () => locks.held(), 1_000)).resolves.toBe(true);
    const failure = new Error('renewal failed');
    await expect(channel.exclusive(async () => Promise.reject(failure), 1_000)).rejects.toBe(
      failure,
    );
  });

  test("a wait longer than waitMs ends 'timed-out' without running the task", async () => {
    vi.useFakeTimers();
    const locks = fakeLocks();
    const { channel } = open({ locks, openPort: null });
    let release!: () => void;
    const holder = channel.exclusive(() => new Promise<void>((r) => (release = r)), 10_000);
    const task = vi.fn(async () => 1);
    const waiting = channel.exclusive(task, 500);
    await vi.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toBe('timed-out');
    release();
    await holder;
    expect(task).not.toHaveBeenCalled();
  });

  test("a wait that another tab's session settles ends 'superseded' without running the task", async () => {
    const locks = fakeLocks();
    const { channel } = open({ locks, openPort: null });
    let release!: () => void;
    const holder = channel.exclusive(() => new Promise<void>((r) => (release = r)), 10_000);
    let settle!: () => void;
    const settled = new Promise<void>((r) => (settle = r));
    const task = vi.fn(async () => 1);
    const waiting = channel.exclusive(task, 10_000, settled);
    settle();
    await expect(waiting).resolves.toBe('superseded');
    release();
    await holder;
    expect(task).not.toHaveBeenCalled();
  });

  test('a lock manager that refuses (an opaque origin) runs the task as without Web Locks', async () => {
    const locks: TabLocks = {
      request: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    };
    const { channel } = open({ locks, openPort: null });
    await expect(channel.exclusive(async () => 'ran', 1_000)).resolves.toBe('ran');
  });
});
