import { compareEntries, renewedEntry, type Entry } from './entry';
import type { Grant } from './inspection-events';
import type { RenewalAsk, RenewalDecision } from './renewal-decision';
import type { SessionEndReason } from './session';
import { LOCK_MARGIN_MS, RECORD_AS_FOUND, type SessionEngine } from './session-engine';
import { isTokenEndpointError } from './tokens-error';
import type { Tokens } from './types';

/**
 * How long a tab that announced a renewal listens before it presents the refresh token:
 * a tab holding a later session (one its storage could not keep) answers the announcement.
 */
const ANNOUNCEMENT_MS = 50;

/** The round's answer: the tokens, or `'changed'` when a later session arrived (another round decides on it). @internal */
export type RoundResult = Tokens | 'changed';

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
  const { dispatch, reread, usable } = engine;
  const held = () => engine.session.held;

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

  /** The renewal's tokens become the session (stored, then posted); a sign-in or a later session meanwhile wins. */
  async function adopt(base: Entry, tokens: Tokens, reason?: SessionEndReason): Promise<Tokens> {
    await dispatch({ type: 'renewed', entry: renewedEntry(tokens, base), reason });
    return usable() ?? tokens;
  }

  /**
   * The platform rejected the refresh token of `base`: visitor tokens, unless another
   * tab's session came first (without Web Locks another tab may have spent it).
   */
  async function afterRejection(base: Entry): Promise<RoundResult> {
    await reread(RECORD_AS_FOUND);
    if (compareEntries(held(), base) > 0) return usable() ?? 'changed';
    const reason = base.tokens?.refreshToken.role === 'member' ? 'refresh_rejected' : undefined;
    void dispatch({ type: 'rejected', entry: renewedEntry(null, base), reason });
    const visitor = await request('anonymous', base).catch((failure: unknown) => {
      void dispatch({ type: 'dropped', reason });
      throw failure;
    });
    return adopt(base, visitor, reason);
  }

  /** Request: the decision's one token request; only the platform's rejection of the refresh token ends a session. */
  function requestTokens(grant: Grant, base: Entry): Promise<RoundResult> {
    return request(grant, base).then(
      (tokens) => adopt(base, tokens),
      (error: unknown) => {
        if (isTokenEndpointError(error) && error.invalidGrant) return afterRejection(base);
        void dispatch({ type: 'renewed' });
        throw error;
      },
    );
  }

  /** One round holding the lock: decide, then use the tokens held, or announce and request. */
  return async function round(ask: RenewalAsk): Promise<RoundResult> {
    const decision = await decide(ask);
    if (decision.action === 'use') return use(decision);
    if (!(await announce(decision.action, decision.entry))) return 'changed';
    return requestTokens(decision.action, decision.entry);
  };
}
