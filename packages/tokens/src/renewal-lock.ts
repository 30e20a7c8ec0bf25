import type { RenewalAsk } from './renewal-decision';
import type { RoundResult } from './renewal-request';
import type { SessionEngine } from './session-engine';
import { TokensError } from './tokens-error';
import type { Tokens } from './types';

/** The rounds a renewal goes within one hold of the lock, each after a later session arrived. */
const MAX_ROUNDS = 3;

/**
 * A renewal across tabs: it holds the renewal lock for its rounds (`round`), and a
 * renewal waiting for the lock ends when another tab's session answers what was asked,
 * or fails with `LOCK_TIMEOUT` after `lockTimeoutMs`, having sent nothing. Without a
 * tab channel the rounds run at once. @internal
 */
export function createLockedRenewal(
  engine: SessionEngine,
  round: (ask: RenewalAsk) => Promise<RoundResult>,
) {
  const { usable, lockTimeoutMs } = engine;

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
  return async function run(ask: RenewalAsk): Promise<Tokens> {
    await engine.load();
    const tabs = engine.tabs();
    if (!tabs) return renewHolding(ask);
    const wait = engine.until(() => !!usable(ask));
    try {
      const result = await tabs.exclusive(() => renewHolding(ask), lockTimeoutMs, wait.promise);
      if (result === 'superseded') return engine.session.held.tokens!;
      if (result !== 'timed-out') return result;
      throw new TokensError(
        `Another tab's renewal did not end within lockTimeoutMs (${lockTimeoutMs} ms); nothing was sent`,
        { code: 'LOCK_TIMEOUT', retryable: true },
      );
    } finally {
      wait.stop();
    }
  };
}
