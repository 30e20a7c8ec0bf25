import type { Tokens } from '@site-identity/tokens';
import type { CallbackParams } from './parse-callback';
import { fail, RedirectsError } from './redirects-error';
import type { RedirectsContext } from './redirects-context';
import type { FlowRecord } from './stored-records';

/** What an answer is read against, for {@link exchangeAnswer}. */
export interface AnswerFlow {
  /** The flow whose state the answer must carry; none when no flow was found for it. */
  readonly flow: FlowRecord | undefined;
  /** Aborts the code exchange. */
  readonly signal?: AbortSignal | undefined;
  /** The callback URL the answer was read from, for the message of an answer without code or state. */
  readonly read?: URL;
}

/**
 * The hosted page's answer turned into tokens, the one way for every flow (the
 * callback URL, a hidden frame, a popup). Nothing of the answer is read before its
 * state is known: an answer whose `state` is not its `flow`'s is `MISSING_CODE_OR_STATE`
 * without one (`read`: the URL `completeLogin` read, shown without its query and
 * fragment) or `INVALID_STATE`, whatever `error` it carries (a forged
 * `#error=…&error_description=<text>` never reaches the app's message); the flow's own
 * `error` is `AUTHORIZATION_ERROR`; else the code is exchanged through the token
 * manager, which makes the result its session.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export function exchangeAnswer(
  ctx: RedirectsContext,
  answer: CallbackParams,
  { flow, signal, read }: AnswerFlow,
): Promise<Tokens> {
  const { code, state, error, errorDescription } = answer;
  if (error && flow !== undefined && state === flow.state) {
    throw new RedirectsError(errorDescription ?? error, {
      code: 'AUTHORIZATION_ERROR',
      error,
      errorDescription,
    });
  }
  if (!state || (!code && !error)) {
    throw fail(
      'MISSING_CODE_OR_STATE',
      read
        ? `Missing code or _state in ${read.origin}${read.pathname}: call completeLogin() on the redirectUri page, where the hosted login page returns with them`
        : 'Missing code or _state',
    );
  }
  if (!flow || !code) throw fail('INVALID_STATE', 'Invalid _state');
  return ctx.manager.exchangeCode({
    code,
    codeVerifier: flow.codeVerifier,
    redirectUri: flow.redirectUri,
    signal,
  });
}
