import { keyedFlight } from '@site-identity/http/internal';
import type { Tokens } from '@site-identity/tokens';
import { sha256Hex } from './base64url';
import type { SessionCoordinator } from './coordinator';
import { openJson, type Sealer } from './sealer';
import { ServerIdentityError } from './server-identity-error';

/** What one renewal came to: the new tokens, and whether a member's session was lost on the way. @internal */
export interface RenewalOutcome {
  readonly tokens: Tokens;
  /** The platform rejected a member's refresh token; the session is a visitor's now. */
  readonly expired: boolean;
}

/** Timing of the coordinated renewal, in milliseconds. @internal */
export interface RenewalTiming {
  /** How long a claim holds: past the token request's time-out, so a live holder never loses it. */
  readonly claimMs: number;
  /** How long a published result answers requests that still carry the old refresh token. */
  readonly resultMs: number;
  /** How long a request waits for another instance's renewal before giving up (session kept). */
  readonly waitMs: number;
  /** How often a waiting request looks for the result. */
  readonly pollMs: number;
}

const PURPOSE = 'renewal';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Renews a session once, whoever asks: concurrent requests of one session in this
 * process share one flight (http's `keyedFlight`, keyed by the refresh token's hash), and instances share
 * the coordinator, so that one expired session served by several instances at once
 * makes one refresh request and every request answers the same new tokens.
 * `renew` applies the token engine's rules (a member is lost only when the platform
 * rejects the refresh token). @internal
 */
export function createRenewal(options: {
  readonly coordinator: SessionCoordinator;
  readonly sealer: Sealer;
  readonly renew: (tokens: Tokens) => Promise<RenewalOutcome>;
  readonly timing: RenewalTiming;
  readonly now: () => number;
}): (tokens: Tokens) => Promise<RenewalOutcome> {
  const { coordinator, sealer, renew, timing, now } = options;
  const once = keyedFlight();

  const unavailable = (cause: unknown) =>
    new ServerIdentityError('The session coordinator failed; the session is kept', {
      code: 'COORDINATOR_UNAVAILABLE',
      retryable: true,
      cause,
    });

  /** Calls the coordinator; its failure is a retryable error, never a lost session. */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async function published(key: string): Promise<RenewalOutcome | undefined> {
    const sealed = await ask(() => coordinator.read(key));
    const opened = sealed === null ? undefined : await openJson(sealer, PURPOSE, sealed);
    return opened?.value as RenewalOutcome | undefined;
  }

  async function coordinated(key: string, tokens: Tokens): Promise<RenewalOutcome> {
    const deadline = now() + timing.waitMs;
    // Bounded by the deadline: each round sleeps `pollMs` unless it ends the wait.
    while (true) {
      const done = await published(key);
      if (done) return done;
      const claim = await ask(() => coordinator.claim(key, timing.claimMs));
      if (claim !== null) {
        // A holder that published between our read and our claim has released it: look again.
        const late = await published(key).catch(() => undefined);
        if (late) {
          await coordinator.release(key, claim).catch(() => undefined);
          return late;
        }
        let outcome: RenewalOutcome;
        try {
          outcome = await renew(tokens);
        } catch (error) {
          await coordinator.release(key, claim).catch(() => undefined);
          throw error;
        }
        const sealed = await sealer.seal(PURPOSE, JSON.stringify(outcome));
        // The tokens are ours even if publishing fails; others then wait out the claim.
        await coordinator
          .publish(key, { value: sealed, ttlMs: timing.resultMs, claim })
          .catch(() => undefined);
        return outcome;
      }
      if (now() >= deadline)
        throw new ServerIdentityError(
          `Another instance kept renewing this session for over ${timing.waitMs} ms; the session is kept`,
          { code: 'RENEWAL_BUSY', retryable: true },
        );
      await sleep(timing.pollMs);
    }
  }

  return async (tokens) => {
    const key = await sha256Hex(tokens.refreshToken.value);
    return once(key, () => coordinated(key, tokens));
  };
}
