import type { Tokens } from '@site-identity/tokens';
import type { CallbackParams } from './parse-callback';
import { fail, RedirectsError } from './redirects-error';
import type { RedirectsContext } from './redirects-context';
import type { FlowRecord } from './stored-records';

/**
 * The hosted page's answer turned into tokens, the one way for every flow (the
 * callback URL, a hidden frame, a popup): its `error` is `AUTHORIZATION_ERROR`, an
 * answer without `code` or `state` is `MISSING_CODE_OR_STATE` (`read`: the URL
 * `completeLogin` read, shown without its query and fragment), an answer without
 * its `flow` is `INVALID_STATE`; else the code is exchanged through the token
 * manager, which makes the result its session.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2
 */
export function exchangeAnswer(
  ctx: RedirectsContext,
  answer: CallbackParams,
  flow: FlowRecord | undefined,
  signal?: AbortSignal,
  read?: URL,
): Promise<Tokens> {
  const { code, error, errorDescription } = answer;
  if (error) {
    throw new RedirectsError(errorDescription ?? error, {
      code: 'AUTHORIZATION_ERROR',
      error,
      errorDescription,
    });
  }
  if (!code || !answer.state) {
    throw fail(
      'MISSING_CODE_OR_STATE',
      read
        ? `Missing code or _state in ${read.origin}${read.pathname}: call completeLogin() on the redirectUri page, where the hosted login page returns with them`
        : 'Missing code or _state',
    );
  }
  if (!flow) throw fail('INVALID_STATE', 'Invalid _state');
  return ctx.manager.exchangeCode({
    code,
    codeVerifier: flow.codeVerifier,
    redirectUri: flow.redirectUri,
    signal,
  });
}
