import { compareEntries, type Entry } from './entry';
import {
  isTokenEndpointError,
  isTokensError,
  TokensError,
  type TokenEndpointError,
} from './tokens-error';
import type { Grant } from './inspection-events';
import type { RenewalAsk } from './renewal-decision';
import { createRenewalRound } from './renewal-round';
import type { SessionEngine } from './session-engine';
import { anonymousGrant, refreshGrant, type GrantRequest } from './grant-request';
import type { Tokens } from './types';

/** The rounds a renewal goes within one hold of the lock, each after a later session arrived. */
const MAX_ROUNDS = 3;

/**
 * The renewal of a tab's session: every reason to renew shares one flight; across
 * tabs the renewal holds the lock, and a renewal waiting for it ends when another
 * tab's session answers what was asked. Holding the lock, it goes in rounds
 * ({@link createRenewalRound}). @internal
 */
export function createRenewal(
  engine: SessionEngine,
  grant: (request: GrantRequest) => Promise<Tokens>,
) {
  const { dispatch, usable, lockTimeoutMs } = engine;
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
    void dispatch({ type: 'failed', error: failure });
    return failure;
  }

  const round = createRenewalRound(engine, request);

  /**
   * A renewal holding the lock: rounds until one answers, at most {@link MAX_ROUNDS} within one hold
   * (a later session arrived each time).
   */
  async function renewHolding(ask: RenewalAsk): Promise<Tokens> {
    for (let rounds = 0; rounds < MAX_ROUNDS; rounds++) {
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
            void dispatch({ type: 'failed', error: undefined });
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
