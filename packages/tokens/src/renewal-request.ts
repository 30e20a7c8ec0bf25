import { compareEntries, renewedEntry, type Entry } from './entry';
import type { Grant } from './inspection-events';
import { RECORD_AS_FOUND } from './session-record';
import type { SessionEndReason } from './session';
import type { SessionEngine } from './session-engine';
import { isTokenEndpointError } from './tokens-error';
import type { Tokens } from './types';

/** A round's answer: the tokens, or `'changed'` when a later session arrived (another round decides on it). @internal */
export type RoundResult = Tokens | 'changed';

/**
 * The last step of a renewal round: its one token request from `base` (`request` sends
 * it), and what follows: the tokens become the session, or, when the platform rejected
 * the refresh token, visitor tokens do. @internal
 */
export function createRenewalRequest(
  engine: SessionEngine,
  request: (grant: Grant, base: Entry) => Promise<Tokens>,
) {
  const { dispatch, reread, usable } = engine;
  const held = () => engine.session.held;

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
  return function requestTokens(grant: Grant, base: Entry): Promise<RoundResult> {
    return request(grant, base).then(
      (tokens) => adopt(base, tokens),
      (error: unknown) => {
        if (isTokenEndpointError(error) && error.invalidGrant) return afterRejection(base);
        void dispatch({ type: 'renewed' });
        throw error;
      },
    );
  };
}
