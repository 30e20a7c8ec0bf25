import { DEFAULT_API_BASE_URL } from '@site-identity/http';
import {
  absoluteUrl,
  attempt,
  invalid,
  isRecord,
  nonNegative,
  untilAborted,
} from '@site-identity/http/internal';
import {
  compareEntries,
  explicitEntry,
  laterRank,
  NO_ENTRY,
  renewedEntry,
  type Entry,
} from './entry';
import {
  invalidArgument,
  isTokenEndpointError,
  isTokensError,
  TokensError,
  type TokenEndpointError,
} from './errors';
import { createInspector } from './inspection';
import { watchPageCache } from './page-cache';
import { after, createStoredRecord, type MaybePromise, type RecordRead } from './record';
import { decideRenewal, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import {
  createSessionView,
  eventFor,
  snapshotOf,
  type SessionEnd,
  type SessionEndReason,
} from './session';
import { memoryStorage, webStorage, type TokenStorage } from './storage';
import { openTabChannel, type TabChannel, type TabNews } from './tab-channel';
import { createTokenEndpoint } from './token-endpoint';
import type { AutoRefresh, TokenManager, TokenManagerOptions } from './token-manager-types';
import { freezeTokens, isExpired, isTokens, sameTokens } from './token-set';
import type { Tokens } from './types';

/** How long a renewing tab listens for a later session before it presents a refresh token. */
const PROBE_MS = 50;
/** Renewal rounds within one hold of the lock (a later session arrived each time). */
const RENEWAL_ROUNDS = 3;

/** What a waiting tab allows beyond the holder's requests: storage, the channel, a busy page. */
const LOCK_MARGIN_MS = 2_000;

/** `localStorage`, or memory where there is none or it is disabled (sandboxed frame, blocked cookies). */
const defaultStorage = (): TokenStorage =>
  attempt(() => localStorage && webStorage(localStorage)) || memoryStorage();

const rankOf = ({ epoch, generation }: Entry) => ({ epoch, generation });

/** How a new session came: why the last one ended, and whether another tab made it. */
interface Cause {
  readonly reason?: SessionEndReason | undefined;
  readonly inOtherTab?: boolean;
}

/** The `autoRefresh` option: the separate import's function, or none (`undefined`, `false`). */
function pluggedAutoRefresh(given: unknown): AutoRefresh | undefined {
  if (given === undefined || given === false) return undefined;
  if (typeof given !== 'function')
    throw invalid(
      'autoRefresh',
      "autoRefresh from '@site-identity/tokens/auto-refresh' (or false)",
      given,
      invalidArgument,
    );
  return given as AutoRefresh;
}

/**
 * Creates the token manager of one site client. Nothing is read before the
 * first call; a synchronous storage is read on the first `getSnapshot()`.
 *
 * Renewal: a valid access token is returned as is; an expired one (within
 * `leewaySeconds`) is renewed through the refresh token; without one, or when
 * the endpoint rejects it (a 400 or 401 answer to the refresh grant), visitor
 * tokens are fetched (`SESSION_EXPIRED` for a member). Any other failure
 * (network, time-out, 5xx, 429, 403, 404, a malformed answer) keeps the session
 * and rejects with a `TokenEndpointError` whose `retryable` says whether trying
 * again may help. Every reason to renew shares one flight; across tabs, the
 * renewing tab holds a Web Lock for its whole request and hands the new tokens
 * to the others before it lets go, so a refresh token is presented once.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 RFC 6749 §6 (refreshing an access token)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 RFC 9700 §4.14.2 (refresh token rotation)
 * @example
 * ```ts
 * import { createTokenManager } from '@site-identity/tokens';
 *
 * const manager = createTokenManager({ clientId: 'my-client-id' });
 * const response = await fetch('https://www.wixapis.com/my-app/v1/items', {
 *   headers: { authorization: await manager.getAccessToken() },
 * });
 * ```
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  if (!isRecord(options))
    throw invalid('options', 'an object with a clientId', options, invalidArgument);
  const {
    clientId,
    now = () => Date.now(),
    leewaySeconds = 60,
    crossTab = true,
    timeoutMs = 10_000,
  } = options;
  const apiBaseUrl = absoluteUrl(
    options.apiBaseUrl ?? DEFAULT_API_BASE_URL,
    'apiBaseUrl',
    invalidArgument,
  ).href.replace(/\/+$/, '');
  // Options the endpoint does not know are ignored; undefined ones take its defaults.
  const endpoint = createTokenEndpoint({
    ...options,
    tokenUrl: options.tokenUrl ?? `${apiBaseUrl}/oauth2/token`,
    now,
  });
  const lockTimeoutMs = options.lockTimeoutMs ?? 2 * timeoutMs + LOCK_MARGIN_MS;
  nonNegative(leewaySeconds, 'leewaySeconds', invalidArgument);
  nonNegative(lockTimeoutMs, 'lockTimeoutMs', invalidArgument);
  const key = options.storageKey ?? `site-identity:${clientId}:tokens`;
  const inspector = createInspector(now);
  const trace = inspector.emit;
  const onError =
    options.onError ?? ((error: TokensError) => console.warn(`[site-identity] ${error.message}`));
  const report = (error: TokensError) => {
    trace({ type: 'error', error });
    onError(error);
  };
  let storage = options.storage;
  const store = () => (storage ??= defaultStorage());
  const record = createStoredRecord(store, key, report);
  const view = createSessionView();
  /** The session this tab holds. */
  let held: Entry = NO_ENTRY;
  /** What this tab last saw in storage: after a token set, an empty record is a sign-out by hand. */
  let seen: Entry = NO_ENTRY;
  /** Whether an empty record now means a sign-out: storage showed the session held (or a later one). */
  const sawRecord = () => !!seen.tokens && !laterRank(held, seen);
  let loaded = false;
  let loading: MaybePromise<void> | undefined;
  let tabs: TabChannel | undefined;
  let disposed = false;
  let unwatch: (() => void) | undefined;
  let flight: Promise<Tokens> | undefined;
  /** The session whose refresh token the platform just rejected, while visitor tokens come. */
  let rejected: Entry | undefined;
  /** The base of another tab's renewal under way, whose hand-off has not arrived yet. */
  let handOff: Entry | undefined;
  /** Renewals waiting for the lock, woken when another tab's session arrives. */
  const waiting = new Set<() => void>();

  const valid = (t: Tokens | null): t is Tokens => !!t && !isExpired(t, now(), leewaySeconds);
  const ended = (): SessionEnd | undefined => view.snapshot.ended;
  const auto = pluggedAutoRefresh(options.autoRefresh)?.({
    renew: getTokens,
    dueInMs: () =>
      held.tokens ? (held.tokens.accessToken.expiresAt - leewaySeconds) * 1000 - now() : undefined,
    retrying(delayMs) {
      const { error } = view.snapshot;
      trace({ type: 'retry', delayMs, retryAt: now() + delayMs });
      if (error) view.show(snapshotOf(held.tokens, error, ended(), now() + delayMs));
    },
  });

  /** Makes `next` the session when it is later than the one held; tells listeners. */
  function accept(next: Entry, cause: Cause = {}): boolean {
    if (compareEntries(next, held) <= 0) return false;
    const previous = held.tokens;
    held = next;
    if (!loaded) return true;
    const { reason = 'signed_out', inOtherTab = false } = cause;
    const same = sameTokens(previous, next.tokens);
    // A sign-out that storage showed first (a removed record) is named by the tab that made it.
    const named =
      same && !next.tokens && ended()?.reason === 'storage_cleared' && reason !== 'storage_cleared';
    if (!same || named || view.snapshot.error) {
      const event = named
        ? 'SIGNED_OUT'
        : eventFor(previous, next.tokens, reason === 'refresh_rejected');
      const end =
        event === 'SESSION_EXPIRED' || event === 'SIGNED_OUT'
          ? { reason, inOtherTab }
          : event === 'SIGNED_IN'
            ? undefined
            : ended();
      view.show(snapshotOf(next.tokens, undefined, end), same ? undefined : event);
      if (!same || named)
        trace({
          type: 'session',
          event,
          status: view.snapshot.status,
          ended: end,
          inOtherTab,
          ...rankOf(next),
        });
    }
    // Taken from another tab, by the channel or from storage, whichever came first (a
    // record removed by hand is no tab's).
    if (inOtherTab && reason !== 'storage_cleared')
      trace({ type: 'hand-off', from: 'other-tab', ...rankOf(next) });
    auto?.schedule();
    wakeAll();
    return true;
  }

  /** The snapshot carries a failure until the next success; the error is what the caller gets. */
  function fail(error: unknown): TokensError | TokenEndpointError {
    const failure = isTokensError(error)
      ? error
      : new TokensError('Renewal failed', { code: 'INVALID_RESPONSE', cause: error });
    view.show(snapshotOf(held.tokens, failure, ended()));
    trace({ type: 'error', error: failure });
    return failure;
  }

  /** Stores `entry` (or the later session held by now); `false` when the storage failed. */
  function write(entry: Entry): MaybePromise<boolean> {
    const best = compareEntries(held, entry) > 0 ? held : entry;
    return after(record.write(best), (ok) => {
      if (ok) seen = best;
      return ok;
    });
  }

  /** Hands a new session to the other tabs: stored, then posted (both before the lock is let go). */
  async function share(entry: Entry, reason?: SessionEndReason): Promise<void> {
    const stored = await write(entry);
    tabs?.post({ entry, reason, unstored: !stored });
    if (tabs) trace({ type: 'hand-off', from: 'this-tab', ...rankOf(entry) });
  }

  function hear({ entry, reason, unstored, renewing, ask }: TabNews): void {
    // A tab renewing (or opening with) an older session than ours: ours is the one to use.
    const mine = rejected ?? held;
    if (ask && laterRank(mine, entry)) tabs?.post({ entry: mine });
    if (ask && renewing === undefined) return;
    if (renewing !== undefined) {
      handOff = renewing && !laterRank(held, entry) ? entry : undefined;
      if (!handOff) wakeAll();
    } else if (accept(entry, { reason, inOtherTab: true }) && unstored) void repair();
  }

  function wakeAll(): void {
    for (const wake of [...waiting]) wake();
  }

  /**
   * The tab granted the lock after another tab's renewal waits for that tab's
   * hand-off (posted before it let go, but a channel may deliver it after the
   * lock); at most {@link LOCK_MARGIN_MS}: a holder that closed mid-request sends none.
   */
  async function awaitHandOff(): Promise<void> {
    const base = handOff;
    if (!base) return;
    await new Promise<void>((resolve) => {
      const check = () => {
        if (handOff !== base || laterRank(held, base)) finish();
      };
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(check);
        resolve();
      };
      const timer = setTimeout(finish, LOCK_MARGIN_MS);
      waiting.add(check);
      check();
    });
    handOff = undefined;
  }

  /** Takes a later session the renewal decision found (or a sign-out by hand). */
  function adopt(decision: RenewalDecision): void {
    accept(decision.entry, {
      reason: decision.cleared ? 'storage_cleared' : undefined,
      inOtherTab: true,
    });
  }

  /** Another tab changed the record: adopt a later session; a corrupt one never replaces ours. */
  function changed(read: RecordRead): void {
    const ask = { force: false, since: held };
    const decision = decideRenewal(held, read, sawRecord(), ask, now(), leewaySeconds);
    if (read.kind === 'entry') seen = read.entry;
    adopt(decision);
    if (decision.write) void repair();
  }

  function storageChanged(): void {
    void after(record.read(), changed);
  }

  /**
   * Back from the back/forward cache: the channel (closed while cached, so that no message
   * evicts the page) opens again, and no token is served until the record is read again
   * (a sign-out or a later session from another tab is adopted, subscribers told) and the
   * clock says whether the tokens held are still valid.
   */
  function restored(): void {
    start();
    if (!loaded) return;
    loaded = false;
    loading = after(record.read(), (read) => {
      loaded = true;
      changed(read);
      auto?.schedule();
      trace({ type: 'restored' });
      tabs?.post({ entry: held, ask: true });
    });
  }

  /** Into the back/forward cache: the channel closes (a waiting or held lock is the browser's). */
  function hidden(): void {
    tabs?.stop();
    tabs = undefined;
  }

  function start(): void {
    // The browser's tabs in a browser; a given environment anywhere.
    if (!tabs && crossTab && !disposed && (crossTab !== true || globalThis.window))
      tabs = openTabChannel(
        `site-identity:${clientId}`,
        key,
        crossTab === true ? {} : crossTab,
        store(),
        hear,
        storageChanged,
      );
  }

  /** Reads storage once: at once from a synchronous one (no event), else publishing when it answers. */
  function load(): MaybePromise<void> {
    if (loaded) return;
    start();
    return (loading ??= after(record.read(), (read) => {
      if (loaded) return;
      if (read.kind === 'entry') {
        seen = read.entry;
        if (compareEntries(read.entry, held) > 0) held = read.entry;
      }
      loaded = true;
      unwatch ??= watchPageCache(hidden, restored);
      auto?.schedule();
      view.show(snapshotOf(held.tokens), undefined, !loading);
      // A tab whose storage failed may hold a later session than the record: it answers.
      tabs?.post({ entry: held, ask: true });
    }));
  }

  /** Resolves once another tab's session answers `ask`, ending a wait for the lock. */
  function answered({ force, since }: RenewalAsk): { promise: Promise<void>; stop(): void } {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => {
      wake = () => {
        if (valid(held.tokens) && (!force || compareEntries(held, since) > 0)) resolve();
      };
    });
    waiting.add(wake);
    return { promise, stop: () => void waiting.delete(wake) };
  }

  /**
   * One renewal, holding the lock: decide from the tokens held and stored, then
   * at most one refresh request (and visitor tokens when the platform rejects it).
   * `last`: after a rejection, a later session arrived but was not valid either.
   */
  async function renewHolding(ask: RenewalAsk, round = 1): Promise<Tokens> {
    if (round > RENEWAL_ROUNDS)
      throw fail(
        new TokensError('The session kept changing during a renewal; nothing was sent', {
          code: 'SESSION_BUSY',
          retryable: true,
        }),
      );
    await awaitHandOff();
    const read = await record.read();
    const decision = decideRenewal(held, read, sawRecord(), ask, now(), leewaySeconds);
    if (read.kind === 'entry') seen = read.entry;
    adopt(decision);
    const base = decision.entry;
    if (decision.action === 'use') {
      if (decision.write) await share(held);
      return held.tokens as Tokens;
    }
    let reason: SessionEndReason | undefined;
    let next: Entry;
    tabs?.post({ entry: base, renewing: true, ask: true });
    if (tabs && decision.action === 'refresh') {
      // A tab holding a later session (one its storage could not keep) answers the announcement.
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
      if (laterRank(held, base)) {
        tabs.post({ entry: base, renewing: false });
        return renewHolding(ask, round + 1);
      }
    }
    try {
      next = renewedEntry(
        await inspector.request(decision.action, base, () =>
          decision.action === 'refresh'
            ? endpoint.refresh(base.tokens!.refreshToken)
            : endpoint.anonymous(),
        ),
        base,
      );
    } catch (error) {
      // Only the platform's rejection of the refresh token itself ends a session.
      if (!isTokenEndpointError(error) || !error.invalidGrant) {
        tabs?.post({ entry: base, renewing: false });
        throw fail(error);
      }
      // Without Web Locks another tab may have spent it first: its session wins.
      const later = await after(record.read(), (again) => {
        if (again.kind === 'entry') accept(again.entry, { inOtherTab: true });
        return compareEntries(held, base) > 0;
      });
      if (later && valid(held.tokens)) return held.tokens;
      if (later) return renewHolding(ask, round + 1);
      if (base.tokens?.refreshToken.role === 'member') reason = 'refresh_rejected';
      // The rejected refresh token is never presented again, in another tab either (should
      // this one close now): the others hear of no tokens until the visitor ones, which
      // take the same rank; this tab goes straight to them.
      const dropped = (rejected = renewedEntry(null, base));
      tabs?.post({ entry: dropped, reason });
      try {
        next = renewedEntry(
          await inspector.request('anonymous', base, () => endpoint.anonymous()),
          base,
        );
      } catch (failure) {
        accept(dropped, { reason });
        throw fail(failure);
      } finally {
        rejected = undefined;
      }
    }
    if (accept(next, { reason })) await share(next, reason);
    else tabs?.post({ entry: base, renewing: false });
    // A sign-in or another tab's later session meanwhile wins over this renewal.
    return valid(held.tokens) ? held.tokens : (next.tokens as Tokens);
  }

  /** A renewal for `ask`: holding the lock, or ended by another tab's session while waiting. */
  async function run(ask: RenewalAsk): Promise<Tokens> {
    await load();
    if (!tabs) return renewHolding(ask);
    const wait = answered(ask);
    try {
      const result = await tabs.exclusive(() => renewHolding(ask), lockTimeoutMs, wait.promise);
      if (result.outcome === 'done') return result.value;
      if (result.outcome === 'superseded') return held.tokens as Tokens;
      throw fail(
        new TokensError(
          `Another tab's renewal did not end within lockTimeoutMs (${lockTimeoutMs} ms); nothing was sent`,
          { code: 'LOCK_TIMEOUT', retryable: true },
        ),
      );
    } finally {
      wait.stop();
    }
  }

  /**
   * The renewal coordinator: every reason to renew shares one flight. A forced
   * renewal joins a running one and forces again only if its result is not
   * later than the session the caller saw.
   */
  function renew(force: boolean): Promise<Tokens> {
    const since = held;
    const running = flight;
    const begin = () =>
      (flight ??= run({ force, since }).then(
        (tokens) => {
          flight = undefined;
          if (view.snapshot.error) view.show(snapshotOf(held.tokens, undefined, ended()));
          return tokens;
        },
        (error: unknown) => {
          flight = undefined;
          throw error;
        },
      ));
    if (!running) return begin();
    return force
      ? running.then((tokens) => (compareEntries(held, since) > 0 ? tokens : begin()))
      : running;
  }

  async function loadAndGet(): Promise<Tokens> {
    await load();
    return valid(held.tokens) ? held.tokens : renew(false);
  }

  /** Valid tokens at hand come back without a wait: the hot path of every authorised call. */
  function getTokens(): Promise<Tokens> {
    return loaded && valid(held.tokens) ? Promise.resolve(held.tokens) : loadAndGet();
  }

  /** Writes the session held over a corrupt or older record, holding the lock (no request). */
  let repairing: Promise<unknown> | undefined;
  function repair(): Promise<unknown> {
    const fix = async () => {
      const read = await record.read();
      if (decideRenewal(held, read, false, { force: false, since: held }, now(), 0).write)
        await write(held);
    };
    return (repairing ??= (tabs ? tabs.exclusive(fix, lockTimeoutMs, new Promise(() => {})) : fix())
      .catch(() => undefined)
      .finally(() => (repairing = undefined)));
  }

  /**
   * An explicit change (sign-in, `setTokens`, `clear`): the newest epoch, told to the
   * other tabs at once and stored; then, holding the lock, stored again should a
   * renewal that ended meanwhile have written an older session over it.
   */
  async function replace(tokens: Tokens | null): Promise<void> {
    await load();
    const entry = explicitEntry(tokens, held, now());
    accept(entry);
    tabs?.post({ entry, reason: 'signed_out' });
    const stored = await write(entry);
    if (!stored) tabs?.post({ entry, unstored: true });
    else if (tabs?.locked) void repair();
  }

  return {
    servedThroughCdn: true,
    clientId,
    apiBaseUrl,
    fetch: options.fetch,
    storageKey: key,
    getTokens: (options) => untilAborted(getTokens, options, invalidArgument),
    // The hot path of every authorised call: valid tokens at hand answer without a chained step.
    getAccessToken: (options) =>
      untilAborted(
        () =>
          loaded && valid(held.tokens)
            ? Promise.resolve(held.tokens.accessToken.value)
            : loadAndGet().then((t) => t.accessToken.value),
        options,
        invalidArgument,
      ),
    refresh: (options) =>
      untilAborted(
        async () => {
          await load();
          return renew(true);
        },
        options,
        invalidArgument,
      ),
    async setTokens(next) {
      if (!isTokens(next) || !next.accessToken.value || !next.refreshToken.value) {
        // What came is named by its kind only: it may hold a token.
        throw invalid(
          'tokens',
          'a token set { accessToken: { value, expiresAt }, refreshToken: { value, role } } with non-empty values',
          next,
          invalidArgument,
          isRecord(next)
            ? 'an object of another shape'
            : typeof next === 'string'
              ? 'a string'
              : undefined,
        );
      }
      await replace(freezeTokens(next));
    },
    async exchangeCode(request) {
      const next = await endpoint.exchangeCode(request);
      await replace(next);
      return next;
    },
    async authorizedClient(request) {
      const accessToken =
        request?.accessToken ??
        (await untilAborted(getTokens, request, invalidArgument)).accessToken.value;
      return endpoint.authorizedClient({ ...request, accessToken });
    },
    clear: () => replace(null),
    isLoggedIn() {
      void load();
      return held.tokens?.refreshToken.role === 'member';
    },
    getSnapshot() {
      void load();
      return view.snapshot;
    },
    inspect: inspector.inspect,
    subscribe(listener) {
      const unsubscribe = view.subscribe(listener);
      void load();
      return unsubscribe;
    },
    dispose() {
      disposed = true;
      auto?.stop();
      unwatch?.();
      inspector.clear();
      tabs?.stop();
      tabs = undefined;
      view.clear();
    },
  };
}
