import { compareEntries, renewedEntry, type Entry } from './entry';
import {
  isTokenEndpointError,
  isTokensError,
  TokensError,
  type TokenEndpointError,
} from './tokens-error';
import type { Grant } from './inspection-events';
import type { RenewalAsk } from './renewal-decision';
import {
  dropped,
  failed,
  handedOff,
  rejected,
  renewed,
  renewing,
  rewrite,
} from './session-transition';
import type { SessionEndReason } from './session';
import { LOCK_MARGIN_MS, type SessionEngine } from './session-engine';
import { anonymousGrant, refreshGrant, type GrantRequest } from './grant-request';
import type { Tokens } from './types';

/**
 * The renewal of a tab's session: every reason to renew shares one flight; across
 * tabs the renewal holds the lock, and a renewal waiting for it ends when another
 * tab's session answers what was asked. Holding the lock, it goes in rounds: decide
 * from the tokens held and stored, then at most one refresh request (and visitor
 * tokens when the platform rejects it). @internal
 */
export function createRenewal(
  engine: SessionEngine,
  grant: (request: GrantRequest) => Promise<Tokens>,
) {
  const { dispatch, reread, usable, lockTimeoutMs } = engine;
  const held = () => engine.session.held;
  let flight: Promise<Tokens> | undefined;
  /**
   * One token request from `base`: its refresh token, or visitor tokens; reported
   * to the inspection's observer when one is attached.
   */
  function request(grantType: Grant, base: Entry): Promise<Tokens> {
    const send = () =>
      grant(grantType === 'refresh' ? refreshGrant(base.tokens!.refreshToken) : anonymousGrant());
    return engine.observed()?.request(grantType, base, send) ?? send();
  }

  /** The snapshot carries a failure until the next success; the error is what the caller gets. */
  function fail(error: unknown): TokensError | TokenEndpointError {
    const failure =
      isTokensError(error) || isTokenEndpointError(error)
        ? error
        : new TokensError('Renewal failed', { code: 'INVALID_RESPONSE', cause: error });
    void dispatch(failed, failure);
    return failure;
  }

  /**
   * The tab granted the lock after another tab's renewal waits for that tab's
   * hand-off (posted before it let go, but a channel may deliver it after the
   * lock); at most {@link LOCK_MARGIN_MS}: a holder that closed mid-request sends none.
   */
  async function awaitHandOff(): Promise<void> {
    const base = engine.session.handOff;
    if (!base) return;
    const arrived = () => engine.session.handOff !== base || compareEntries(held(), base) > 0;
    await engine.until(arrived, LOCK_MARGIN_MS).promise;
    void dispatch(handedOff);
  }

  /**
   * One round holding the lock: the tokens to answer, or `'changed'` when a later
   * session arrived meanwhile (another round decides on it).
   */
  async function round(ask: RenewalAsk): Promise<Tokens | 'changed'> {
    await awaitHandOff();
    const decision = await reread(ask);
    const base = decision.entry;
    if (decision.action === 'use') {
      if (decision.write) await dispatch(rewrite, true);
      return held().tokens!;
    }
    void dispatch(renewing, base);
    if (engine.tabs() && decision.action === 'refresh') {
      // A tab holding a later session (one its storage could not keep) answers the announcement:
      // this tab listens for 50 ms before it presents the refresh token.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (compareEntries(held(), base) > 0) {
        void dispatch(renewed);
        return 'changed';
      }
    }
    let reason: SessionEndReason | undefined;
    let tokens: Tokens;
    try {
      tokens = await request(decision.action, base);
    } catch (error) {
      // Only the platform's rejection of the refresh token itself ends a session.
      if (!isTokenEndpointError(error) || !error.invalidGrant) {
        void dispatch(renewed);
        throw error;
      }
      // Without Web Locks another tab may have spent it first: its session wins.
      await reread(undefined, false);
      if (compareEntries(held(), base) > 0) return usable() ?? 'changed';
      if (base.tokens?.refreshToken.role === 'member') reason = 'refresh_rejected';
      void dispatch(rejected, renewedEntry(null, base), reason);
      try {
        tokens = await request('anonymous', base);
      } catch (failure) {
        void dispatch(dropped, reason);
        throw failure;
      }
    }
    await dispatch(renewed, renewedEntry(tokens, base), reason);
    // A sign-in or another tab's later session meanwhile wins over this renewal.
    return usable() ?? tokens;
  }

  /**
   * A renewal holding the lock: rounds until one answers, at most 3 within one hold
   * (a later session arrived each time).
   */
  async function renewHolding(ask: RenewalAsk): Promise<Tokens> {
    for (let rounds = 0; rounds < 3; rounds++) {
      const result = await round(ask);
      if (result !== 'changed') return result;
    }
    throw new TokensError('The session kept changing during a renewal; nothing was sent', {
      code: 'SESSION_BUSY',
      retryable: true,
    });
  }

  /** A renewal for `ask`: holding the lock, or ended by another tab's session while waiting. */
  async function run(ask: RenewalAsk): Promise<Tokens> {
    await engine.load();
    const tabs = engine.tabs();
    if (!tabs) return renewHolding(ask);
    const wait = engine.until(() => !!usable(ask));
    try {
      const result = await tabs.exclusive(() => renewHolding(ask), lockTimeoutMs, wait.promise);
      if (result === 'superseded') return held().tokens!;
      if (result !== 'timed-out') return result;
      throw new TokensError(
        `Another tab's renewal did not end within lockTimeoutMs (${lockTimeoutMs} ms); nothing was sent`,
        { code: 'LOCK_TIMEOUT', retryable: true },
      );
    } finally {
      wait.stop();
    }
  }

  /**
   * Renews, or joins the renewal running: every reason to renew shares one flight,
   * and a success ends the failure shown. A forced renewal (`refresh()`) that joined
   * one renews again only if its result is not later than the session the caller saw.
   */
  return function renew(force: boolean): Promise<Tokens> {
    const since = held();
    const begin = () =>
      (flight ??= run({ force, since })
        .finally(() => (flight = undefined))
        .then(
          (tokens) => {
            void dispatch(failed, undefined);
            return tokens;
          },
          (error: unknown) => {
            throw fail(error);
          },
        ));
    // Joining: `begin` answers the flight running, which a forced renewal awaits first.
    return force && flight
      ? flight.then((tokens) => (compareEntries(held(), since) > 0 ? tokens : begin()))
      : begin();
  };
}
