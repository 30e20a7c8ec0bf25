import { compareEntries, type Entry } from './entry';
import {
  isTokenEndpointError,
  isTokensError,
  TokensError,
  type TokenEndpointError,
} from './tokens-error';
import type { Grant } from './inspection-events';
import { createLockedRenewal } from './renewal-lock';
import { createRenewalRound } from './renewal-round';
import type { SessionEngine } from './session-engine';
import { anonymousGrant, refreshGrant, type GrantRequest } from './grant-request';
import type { Tokens } from './types';

/**
 * The renewal of a tab's session: every reason to renew shares one flight; across
 * tabs the renewal holds the lock, and a renewal waiting for it ends when another
 * tab's session answers what was asked ({@link createLockedRenewal}). Holding the
 * lock, it goes in rounds ({@link createRenewalRound}). @internal
 */
export function createRenewal(
  engine: SessionEngine,
  grant: (request: GrantRequest) => Promise<Tokens>,
) {
  const { dispatch } = engine;
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

  const run = createLockedRenewal(engine, createRenewalRound(engine, request));

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
