import { optionsOf, untilAborted } from '@site-identity/http/internal';
import type { Tokens } from '@site-identity/tokens';
import { authFlowOf } from '@site-identity/pkce/internal';
import { getAuthUrl } from './auth-url';
import { OAUTH_FLOW_TIMEOUT_MS } from './constants';
import { awaitFrameAnswer } from './hidden-frame';
import { exchangeAnswer } from './code-exchange';
import { browser, checkTimeout, flowRedirectUri, type RedirectsContext } from './redirects-context';
import type { SilentLoginOptions } from './redirects-types';
import { text } from './values';
import { invalidArgument } from './redirects-error';

/**
 * `silentLogin`: the hosted page in a hidden frame (`prompt: 'none'`, `web_message`)
 * turns the session token into a code, which is exchanged. One run per session
 * token at a time: the caller's signal ends its own wait; the run, shared by
 * callers, goes on.
 */
export async function silentLogin(
  ctx: RedirectsContext,
  sessionToken: string,
  silentOptions?: SilentLoginOptions,
): Promise<Tokens> {
  text(sessionToken, 'sessionToken');
  const given = optionsOf<SilentLoginOptions>(silentOptions, 'options', invalidArgument);
  const timeoutMs = checkTimeout(given.timeoutMs ?? OAUTH_FLOW_TIMEOUT_MS);
  const { redirectUri } = given;
  // An aborted signal rejects before the run starts (or joins one in flight).
  const run = () =>
    ctx.once(`silent:${sessionToken}`, async () => {
      const win = browser(ctx);
      const flow = await authFlowOf(flowRedirectUri(redirectUri, win));
      const { authUrl } = await getAuthUrl(ctx, flow, {
        prompt: 'none',
        responseMode: 'web_message',
        sessionToken,
      });
      const answer = await awaitFrameAnswer(win, {
        url: authUrl,
        state: flow.state,
        redirectUri: flow.redirectUri,
        timeoutMs,
      });
      return exchangeAnswer(ctx, answer, { flow });
    });
  return untilAborted(run, given, invalidArgument);
}
