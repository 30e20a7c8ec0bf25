import { keyedFlight } from '@site-identity/http/internal';
import { compareEntries, renewedEntry, type Entry } from './entry';
import { isTokenEndpointError, isTokensError, TokensError } from './errors';
import { isFresh, type RenewalAsk, type RenewalDecision } from './renewal-decision';
import { ANY_TOKENS, type SessionEngine } from './session-engine';
import type { TokenEndpoint } from './token-endpoint';
import type { Tokens } from './types';

/** How long a renewing tab listens for a later session before it presents a refresh token. */
const PROBE_MS = 50;
/** Renewal rounds within one hold of the lock (a later session arrived each time). */
const RENEWAL_ROUNDS = 3;

/**
 * How one round of a renewal ended: with the tokens to answer, or `changed`: a later
 * session arrived meanwhile (another round decides again on it).
 */
type Round = Tokens | typeof CHANGED;

const CHANGED = 'changed';

/** The snapshot carries a failure until the next success; the error is what the caller gets. @internal */
export function failed(engine: SessionEngine, error: unknown): TokensError {
  const failure = isTokensError(error)
    ? error
    : new TokensError('Renewal failed', { code: 'INVALID_RESPONSE', cause: error });
  void engine.dispatch('failure', failure);
  return failure;
}

/**
 * A renewal holding the lock, in rounds: decide from the tokens held and stored,
 * then at most one refresh request (and visitor tokens when the platform rejects
 * it). A round ends with tokens, or `changed` when a later session arrived meanwhile. @internal
 */
export function createRenewalRounds(
  engine: SessionEngine,
  endpoint: Pick<TokenEndpoint, 'refresh' | 'anonymous'>,
) {
  const { dispatch, reread } = engine;
  const held = () => engine.session.held;
  const fail = (error: unknown) => failed(engine, error);

  /** The session a renewal made, stored and posted; a later one held meanwhile wins. */
  async function conclude(next: Entry, reason?: 'refresh_rejected'): Promise<Round> {
    await dispatch('renewed', next, reason);
    return engine.usable() ?? (next.tokens as Tokens);
  }

  /**
   * The platform rejected the refresh token of `base`. Without Web Locks another tab
   * may have spent it first: its session wins. Otherwise the session ends, and
   * visitor tokens take its place.
   */
  async function rejected(base: Entry): Promise<Round> {
    await reread(ANY_TOKENS, false);
    if (compareEntries(held(), base) > 0) return engine.usable() ?? CHANGED;
    const reason = base.tokens?.refreshToken.role === 'member' ? 'refresh_rejected' : undefined;
    void dispatch('rejected', renewedEntry(null, base), reason);
    let visitor: Tokens;
    try {
      visitor = await endpoint.anonymous();
    } catch (failure) {
      void dispatch('dropped', reason);
      throw fail(failure);
    }
    return conclude(renewedEntry(visitor, base), reason);
  }

  /** At most one request for `decision` (and visitor tokens when the platform rejects it). */
  async function request(decision: RenewalDecision): Promise<Round> {
    const base = decision.entry;
    let tokens: Tokens;
    try {
      tokens = await (decision.action === 'refresh'
        ? endpoint.refresh(base.tokens!.refreshToken)
        : endpoint.anonymous());
    } catch (error) {
      // Only the platform's rejection of the refresh token itself ends a session.
      if (isTokenEndpointError(error) && error.invalidGrant) return rejected(base);
      void dispatch('renewed');
      throw fail(error);
    }
    return conclude(renewedEntry(tokens, base));
  }

  /** One round holding the lock: decide from the tokens held and stored, then renew if needed. */
  async function round(ask: RenewalAsk): Promise<Round> {
    await engine.awaitHandOff();
    const decision = await reread(ask);
    if (decision.action === 'use') {
      if (decision.write) await dispatch('rewrite', true);
      return held().tokens as Tokens;
    }
    const base = decision.entry;
    const reason = decision.cleared ? 'storage_cleared' : undefined;
    void dispatch('renewing', base, reason);
    if (engine.tabs() && decision.action === 'refresh') {
      // A tab holding a later session (one its storage could not keep) answers the announcement.
      await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
      if (compareEntries(held(), base) > 0) {
        void dispatch('renewed');
        return CHANGED;
      }
    }
    return request(decision);
  }

  /** A renewal holding the lock: rounds until one answers, at most {@link RENEWAL_ROUNDS}. */
  async function renewHolding(ask: RenewalAsk): Promise<Tokens> {
    for (let rounds = 0; rounds < RENEWAL_ROUNDS; rounds++) {
      const result = await round(ask);
      if (result !== CHANGED) return result;
    }
    throw fail(
      new TokensError('The session kept changing during a renewal; nothing was sent', {
        code: 'SESSION_BUSY',
        retryable: true,
      }),
    );
  }

  return renewHolding;
}

/**
 * The renewal coordinator: every reason to renew shares one flight; across tabs
 * the renewal holds the lock, and a renewal waiting for it ends when another
 * tab's session answers what was asked. @internal
 */
export function createRenewal(
  engine: SessionEngine,
  endpoint: Pick<TokenEndpoint, 'refresh' | 'anonymous'>,
  lockTimeoutMs: number,
) {
  const once = keyedFlight();
  const held = () => engine.session.held;
  const renewHolding = createRenewalRounds(engine, endpoint);

  /** A renewal for `ask`: holding the lock, or ended by another tab's session while waiting. */
  async function run(ask: RenewalAsk): Promise<Tokens> {
    await engine.load();
    const tabs = engine.tabs();
    if (!tabs) return renewHolding(ask);
    const wait = engine.until(() => !!engine.usable(ask));
    try {
      const result = await tabs.exclusive(() => renewHolding(ask), lockTimeoutMs, wait.promise);
      if (result.outcome === 'done') return result.value;
      if (result.outcome === 'superseded') return held().tokens as Tokens;
      throw failed(
        engine,
        new TokensError(
          `Another tab's renewal did not end within lockTimeoutMs (${lockTimeoutMs} ms); nothing was sent`,
          { code: 'LOCK_TIMEOUT', retryable: true },
        ),
      );
    } finally {
      wait.stop();
    }
  }

  /** One flight for every reason to renew (`started`: this call began it); a success ends the failure shown. */
  const begin = (ask: RenewalAsk, started?: () => void): Promise<Tokens> =>
    once('renew', async () => {
      started?.();
      const tokens = await run(ask);
      void engine.dispatch('failure', undefined);
      return tokens;
    });

  return {
    /**
     * Renews, or joins the renewal running. A forced renewal (`refresh()`) that
     * joined one renews again only if its result is not later than the session
     * the caller saw.
     */
    renew(force: boolean): Promise<Tokens> {
      const ask = { force, since: held() };
      let joined = true;
      const flight = begin(ask, () => (joined = false));
      // The renewal joined answers with what it made (as to its other callers) when that is fresh.
      const again = (tokens: Tokens) => (isFresh(held(), ask) ? tokens : begin(ask));
      return force && joined ? flight.then(again) : flight;
    },
  };
}
