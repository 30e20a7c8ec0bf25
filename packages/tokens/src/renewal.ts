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
import { isLifetimeRefusal } from './token-endpoint';
import { accessExpired } from './token-set';
import type { Tokens } from './types';

/**
 * The least time between two token requests of `getTokens` when the last one gave
 * nothing usable: tokens born expired (they expire within the leeway) or an access
 * token whose `expires_in` is out of range (0, a fraction, over a year: the answer is
 * `INVALID_RESPONSE`). Within it, the tokens born expired are served while their own
 * expiry has not passed, and the refusal is given again, without a request; so ten
 * `getTokens()` calls in a row make one request. A transient malformed answer (cut
 * short, of another shape) and a forced renewal (`refresh()`) are not held back. @internal
 */
export const MIN_POOR_RENEWAL_INTERVAL_MS = 5_000;

/** The last renewal that gave nothing usable: when it ended, and its tokens or its error. */
interface PoorRenewal {
  readonly at: number;
  readonly tokens?: Tokens;
  readonly error?: TokensError | TokenEndpointError;
}

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
  const { dispatch, now, leewaySeconds } = engine;
  const held = () => engine.session.held;
  let flight: Promise<Tokens> | undefined;
  let poor: PoorRenewal | undefined;

  /** What a renewal within the floor after a poor one answers without a request, if anything. */
  function heldBack(): Promise<Tokens> | undefined {
    const at = now();
    if (!poor || at - poor.at >= MIN_POOR_RENEWAL_INTERVAL_MS) return undefined;
    if (poor.error) return Promise.reject(poor.error);
    const { tokens } = poor;
    // The tokens born expired, while they are still the session's and their own expiry has not passed.
    if (tokens && held().tokens === tokens && !accessExpired(tokens.accessToken, at, 0))
      return Promise.resolve(tokens);
  }

  /** Remembers a renewal that gave nothing usable (or forgets the last one). */
  function judged(tokens?: Tokens, error?: TokensError | TokenEndpointError): void {
    const at = now();
    const bornExpired = !!tokens && accessExpired(tokens.accessToken, at, leewaySeconds);
    poor = bornExpired || isLifetimeRefusal(error) ? { at, tokens, error } : undefined;
  }
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
   * After a renewal that gave nothing usable, another within
   * {@link MIN_POOR_RENEWAL_INTERVAL_MS} sends nothing (see there).
   */
  return function renew(force: boolean): Promise<Tokens> {
    const since = held();
    const begin = () =>
      (flight ??= run({ force, since })
        .finally(() => (flight = undefined))
        .then(
          (tokens) => {
            void dispatch({ type: 'failed', error: undefined });
            judged(tokens);
            return tokens;
          },
          (error: unknown) => {
            const failure = fail(error);
            judged(undefined, failure);
            throw failure;
          },
        ));
    // Joining: `begin` answers the flight running, which a forced renewal awaits first.
    if (force && flight)
      return flight.then((tokens) => (compareEntries(held(), since) > 0 ? tokens : begin()));
    return (!force && !flight && heldBack()) || begin();
  };
}
