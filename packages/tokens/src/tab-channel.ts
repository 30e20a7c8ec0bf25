import { attempt, isRecord } from '@site-identity/http/internal';
import { entryOf, type Entry } from './entry';
import { isTokens } from './token-set';
import type { SessionEndReason } from './session';
import type { TokenStorage } from './storage';

/**
 * The part of the Web Locks API the manager uses (`navigator.locks`).
 *
 * @example
 * ```ts
 * import type { TabLocks } from '@site-identity/tokens';
 * const locks: TabLocks | undefined = globalThis.navigator?.locks;
 * ```
 * @see https://w3c.github.io/web-locks/#api-lock-manager-request
 */
export interface TabLocks {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown>;
}

/**
 * The part of a `BroadcastChannel` the manager uses.
 *
 * @example
 * ```ts
 * import type { TabPort } from '@site-identity/tokens';
 * const port: TabPort = new BroadcastChannel('site-identity:my-client-id');
 * ```
 */
export interface TabPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/**
 * How the tabs of a site reach each other; the defaults are the browser's. Give
 * your own for a runtime with its own locks or channel, or for tests. `null`
 * leaves one out (see the fallback in the README).
 *
 * @example
 * ```ts
 * import { createTokenManager, type TabEnvironment } from '@site-identity/tokens';
 * const crossTab: TabEnvironment = { locks: navigator.locks, openPort: (name) => new BroadcastChannel(name) };
 * const manager = createTokenManager({ clientId: 'my-client-id', crossTab });
 * ```
 */
export interface TabEnvironment {
  /** Default `navigator.locks`. */
  readonly locks?: TabLocks | null;
  /** Default `(name) => new BroadcastChannel(name)`. */
  readonly openPort?: ((name: string) => TabPort) | null;
}

/**
 * The one message between the tabs of a site: a session (its token set, epoch and
 * generation, as the record holds it) and what it comes with. A message without
 * `renewing` or `ask` says "this is the session now". @internal
 */
export interface TabMessage extends Entry {
  /** Why the session before it ended. */
  readonly reason?: SessionEndReason | undefined;
  /** The sender could not store it: a tab whose storage works should. */
  readonly unstored?: boolean | undefined;
  /**
   * A renewal of this session began (`true`) or ended without a new one (`false`):
   * a tab granted the lock next waits for the hand-off.
   */
  readonly renewing?: boolean | undefined;
  /** Asks every tab holding a later session to post it (a renewal about to start, a new tab). */
  readonly ask?: boolean | undefined;
}

/** The reasons a session may end with (those of {@link SessionEndReason}). */
const END_REASONS: readonly unknown[] = ['refresh_rejected', 'signed_out', 'storage_cleared'];

const isCounter = (value: unknown): boolean => Number.isSafeInteger(value) && Number(value) >= 0;

const isFlag = (value: unknown): boolean => value === undefined || typeof value === 'boolean';

/**
 * A message of another tab for this key, checked field by field (any tab of the origin
 * can post one): the message, or why it is refused. Its epoch and generation are whole
 * numbers from 0, its tokens a token set with values or `null`, its reason one of
 * {@link SessionEndReason} and its flags booleans; its rank and expiry within what a tab
 * could have made by `nowMs` (see `plausible`). @internal
 */
export function checkedMessage(
  data: Readonly<Record<string, unknown>>,
  nowMs: number,
): TabMessage | string {
  const { tokens, epoch, generation, reason, unstored, renewing, ask } = data;
  if (!isCounter(epoch) || !isCounter(generation))
    return 'its epoch and generation are not whole numbers from 0';
  if (![unstored, renewing, ask].every(isFlag)) return 'a flag of it is not a boolean';
  if (reason !== undefined && !END_REASONS.includes(reason)) return 'its reason is not known';
  if (
    tokens !== null &&
    !(isTokens(tokens) && tokens.accessToken.value && tokens.refreshToken.value)
  )
    return 'its tokens are not a token set';
  const entry = entryOf(tokens, data, nowMs);
  if (!entry) return 'its epoch, generation or expiry is beyond the clock';
  return {
    ...entry,
    reason: reason as SessionEndReason | undefined,
    unstored: unstored === true,
    renewing: renewing as boolean | undefined,
    ask: ask === true,
  };
}

/**
 * How waiting for the lock ended without running the task: another tab's renewal
 * answered the need (`superseded`), or the wait took too long (`timed-out`). @internal
 */
export type LockWait = 'superseded' | 'timed-out';

/** What {@link openTabChannel} opens, and whom it tells. @internal */
export interface TabChannelOptions {
  /** The channel's name: `site-identity:<clientId>`. */
  readonly name: string;
  /** The record's key, which every message carries and the lock's name starts with. */
  readonly key: string;
  readonly environment: TabEnvironment;
  /** The storage whose change notifications for `key` are heard. */
  readonly storage: TokenStorage;
  /** Hears another tab's message, checked. */
  readonly hear: (message: TabMessage) => void;
  /**
   * Hears that a message for `key` was refused (not of the channel's shape, or from
   * beyond the clock: an epoch no tab could have made): `why`, without its content.
   */
  readonly refused: (why: string) => void;
  /** The clock, in epoch milliseconds, that a message's epoch is checked against. */
  readonly now: () => number;
  /** Hears that another tab changed the record. */
  readonly storageChanged: () => void;
}

/**
 * The tab channel: the renewal lock (a Web Lock, held for a whole renewal and
 * released by the browser when a tab closes) and the broadcast of every new
 * session (a `BroadcastChannel`, posted before the lock is released), plus the
 * storage's own change notifications. Without Web Locks `exclusive` runs at
 * once; without a channel, tabs learn from storage alone. @internal
 */
export function openTabChannel({
  name,
  key,
  environment,
  storage,
  hear,
  refused,
  now,
  storageChanged,
}: TabChannelOptions) {
  const locks = environment.locks === undefined ? globalThis.navigator?.locks : environment.locks;
  const locked = typeof locks?.request === 'function';
  const port = attempt(() =>
    environment.openPort === undefined
      ? (new BroadcastChannel(name) as TabPort)
      : environment.openPort?.(name),
  );
  const onMessage = ({ data }: { data: unknown }) => {
    // Another channel's message, or none of ours: not for this key, nothing to say.
    if (!isRecord(data) || data['key'] !== key) return;
    const message = checkedMessage(data, now());
    if (typeof message === 'string') refused(message);
    else hear(message);
  };
  port?.addEventListener('message', onMessage);
  (port as { unref?: () => void } | undefined)?.unref?.();
  const unsubscribe = attempt(() => storage.subscribe?.(key, storageChanged));

  return {
    locked,
    post(message: TabMessage): void {
      attempt(() => port?.postMessage({ ...message, key }));
    },
    /**
     * Runs `task` holding the renewal lock and answers its value. Waiting ends
     * `superseded` when `settled` resolves first (another tab's renewal answered
     * the need; also when it does while the task runs, even if the task fails) and
     * `timed-out` after `waitMs`: the caller then sends nothing. `T` is never a
     * string, so the value and how waiting ended cannot be mistaken for each other.
     */
    async exclusive<T>(
      task: () => Promise<T>,
      waitMs: number,
      settled?: Promise<unknown>,
    ): Promise<T | LockWait> {
      if (!locked) return task();
      const controller = new AbortController();
      let outcome: T | LockWait | undefined;
      let ran = false;
      const give = (reason: LockWait) => () => {
        outcome ??= reason;
        controller.abort();
      };
      const timer = setTimeout(give('timed-out'), waitMs);
      void settled?.then(give('superseded'));
      try {
        return await (locks.request(`${key}:renew`, { signal: controller.signal }, async () => {
          clearTimeout(timer);
          ran = true;
          const value = await task();
          return (outcome ??= value);
        }) as Promise<T | LockWait>);
      } catch (error) {
        if (outcome) return outcome;
        if (ran) throw error;
        // A lock manager that refuses (an opaque origin): as without Web Locks.
        return await task();
      } finally {
        clearTimeout(timer);
      }
    },
    stop(): void {
      port?.removeEventListener('message', onMessage);
      port?.close();
      unsubscribe?.();
    },
  };
}

/** The tab channel of {@link openTabChannel}. @internal */
export type TabChannel = ReturnType<typeof openTabChannel>;
