import { responseModeOf, sameOriginUri, stripCallbackParams } from './callback-url';
import { storageOf, windowOf } from './environment';
import { readCallback, toUrl } from './parse-callback';
import { exchangeAnswer } from './code-exchange';
import { browser, type RedirectsContext } from './redirects-context';
import type { LoginCompletion } from './redirects-types';
import { takeFlow } from './stored-records';
import { signalOf } from '@site-identity/http/internal';
import { attempt } from './values';
import { invalidArgument } from './redirects-error';

/**
 * `completeLogin`: the flow for the callback's state is taken synchronously,
 * before anything awaits (a state is good for one use), and a second call for the
 * same state while the first runs shares its result (React StrictMode).
 */
export async function completeLogin(
  ctx: RedirectsContext,
  url?: string | URL,
  callOptions?: { readonly signal?: AbortSignal | undefined },
): Promise<LoginCompletion> {
  const signal = signalOf(callOptions, invalidArgument);
  const target =
    url === undefined
      ? new URL(browser(ctx).location.href)
      : toUrl(url, windowOf(ctx.options)?.location.href);
  const mode = responseModeOf(target);
  const params = readCallback(target, mode);
  const { state } = params;
  const finish = async (): Promise<LoginCompletion> => {
    // A state read from the URL is undefined or not empty.
    const flow = state
      ? takeFlow(storageOf(ctx.options, 'session'), ctx.clientId, state)
      : undefined;
    const tokens = await exchangeAnswer(ctx, params, { flow, signal, read: target });
    return { tokens, originalUri: sameOriginUri(flow!.originalUri, target.origin) };
  };
  // Once settled (never sooner: a second caller in the same tick must still see the
  // callback URL), the callback fields leave the address bar if it still shows
  // `target`; a history that refuses the change leaves it as it is.
  const strip = () =>
    attempt(() => {
      const shown = windowOf(ctx.options);
      if (shown?.location.href === target.href)
        shown.history.replaceState(shown.history.state, '', stripCallbackParams(target, mode));
    });
  const run = () => finish().finally(strip);
  return state ? ctx.once(`login:${state}`, run) : run();
}
