import { compareEntries, type Entry } from './entry';
import type { Grant } from './inspection-events';
import type { RenewalAsk, RenewalDecision } from './renewal-decision';
import { LOCK_MARGIN_MS } from './engine-settings';
import { createRenewalRequest } from './renewal-request';
import type { SessionEngine } from './session-engine';
import type { RoundResult } from './renewal-request';
import type { Tokens } from './types';

/**
 * How long a tab that announced a renewal listens before it presents the refresh token:
 * a tab holding a later session (one its storage could not keep) answers the announcement.
 */
const ANNOUNCEMENT_MS = 50;

/**
 * One round of a renewal holding the lock, in three steps: decide from the tokens held
 * and stored, announce the renewal to the other tabs, request at most one refresh (and
 * visitor tokens when the platform rejects it). `request` sends one token request of a
 * renewal from its base. @internal
 */
export function createRenewalRound(
  engine: SessionEngine,
  request: (grant: Grant, base: Entry) => Promise<Tokens>,
) {
  const { dispatch, reread } = engine;
  const held = () => engine.session.held;
  const requestTokens = createRenewalRequest(engine, request);

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
    void dispatch({ type: 'handed-off' });
  }

  /** Decide: the renewal decision for `ask` on the session held and the record, read now. */
  async function decide(ask: RenewalAsk): Promise<RenewalDecision> {
    await awaitHandOff();
    return reread({ ask });
  }

  /** The tokens held serve: written back first over a bad record (and posted). */
  async function use({ write }: RenewalDecision): Promise<Tokens> {
    if (write) await dispatch({ type: 'rewrite', share: true });
    return held().tokens!;
  }

  /**
   * Announce: the other tabs hear that this tab renews `base` (and are asked for a later
   * session); before a refresh, it listens for their answer. `false`: a later session
   * came, and the renewal ended with nothing new.
   */
  async function announce(grant: Grant, base: Entry): Promise<boolean> {
    void dispatch({ type: 'renewing', entry: base });
    if (!engine.tabs() || grant !== 'refresh') return true;
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCEMENT_MS));
    if (compareEntries(held(), base) <= 0) return true;
    void dispatch({ type: 'renewed' });
    return false;
  }

  /** One round holding the lock: decide, then use the tokens held, or announce and request. */
  return async function round(ask: RenewalAsk): Promise<RoundResult> {
    const decision = await decide(ask);
    if (decision.action === 'use') return use(decision);
    if (!(await announce(decision.action, decision.entry))) return 'changed';
    return requestTokens(decision.action, decision.entry);
  };
}
